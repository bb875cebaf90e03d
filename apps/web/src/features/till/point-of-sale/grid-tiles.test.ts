import type { Product } from '@tillbook/contract/products';
import { describe, expect, it } from 'vitest';
import { gridTiles, initialsOf } from './grid-tiles';

const product = (id: string, name = id, status: Product['status'] = 'active') =>
  ({ id, name, status }) as Product;

describe('gridTiles', () => {
  const a = product('a', 'Apple');
  const b = product('b', 'Bread');
  const c = product('c', 'Coke');
  const d = product('d', 'Dano');
  const gone = product('x', 'Archived', 'archived');
  const byId = new Map([a, b, c, d, gone].map((p) => [p.id, p]));
  const catalogue = [a, b, c, d];

  it('puts the pinned first in their order, then top sellers, then the catalogue, each once', () => {
    const tiles = gridTiles(['c', 'a'], ['a', 'd'], byId, catalogue, 4);
    expect(tiles.map((t) => [t.product.id, t.pinned])).toEqual([
      ['c', true],
      ['a', true],
      ['d', false],
      ['b', false],
    ]);
  });

  it('stops at the size, but shows every pinned product', () => {
    expect(gridTiles([], ['d', 'c', 'b'], byId, catalogue, 2).map((t) => t.product.id)).toEqual(['d', 'c']);
    expect(gridTiles(['a', 'b', 'c'], ['d'], byId, catalogue, 2).map((t) => t.product.id)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('leaves out archived and unknown products (offline with nothing kept: the catalogue)', () => {
    expect(gridTiles(['x', 'zz'], ['x'], byId, catalogue, 3).map((t) => t.product.id)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });
});

describe('initialsOf', () => {
  it('takes the first letters of two words, or two of one word', () => {
    expect(initialsOf('Peak milk 400g')).toBe('PM');
    expect(initialsOf('coke')).toBe('CO');
    expect(initialsOf('Milo 500g')).toBe('MI');
    expect(initialsOf('Coke 50cl')).toBe('CO');
    expect(initialsOf('7up')).toBe('7U');
    expect(initialsOf('  ')).toBe('?');
  });
});
