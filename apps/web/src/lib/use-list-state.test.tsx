import { screen } from '@testing-library/react';
import { auditListQuery } from '@tillbook/contract/audits';
import { orderListQuery } from '@tillbook/contract/orders';
import { productListQuery } from '@tillbook/contract/products';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render';
import { parseListQuery, queryKeysOf, useListState } from './use-list-state';

describe('parseListQuery', () => {
  it("reads the URL's values with the route's schema, typed and defaulted", () => {
    const q = parseListQuery(productListQuery, { page: 2, perPage: 20, stock: 'low_stock' });
    expect(q).toMatchObject({ page: 2, perPage: 20, stock: 'low_stock', status: 'active' });
  });

  it('drops the values the schema refuses and keeps the rest', () => {
    const q = parseListQuery(orderListQuery, {
      page: 1,
      perPage: 10,
      status: 'gone',
      paymentState: 'paid',
      from: 'May',
    });
    expect(q).toMatchObject({ paymentState: 'paid' });
    expect(q.status).toBeUndefined();
    expect(q.from).toBeUndefined();
  });

  it('reads the names of a schema behind query aliases', () => {
    expect(queryKeysOf(auditListQuery)).toEqual(
      expect.arrayContaining(['action', 'actorId', 'entity', 'from', 'to', 'search']),
    );
  });
});

function Orders() {
  const state = useListState('orders', orderListQuery, 'Search orders');
  return (
    <p>
      status {state.query.status ?? '-'}, payment {state.query.paymentState ?? '-'}, chips{' '}
      {Object.keys(state.filters).join('+') || '-'}, filtered {String(state.filtered)}, export{' '}
      {JSON.stringify(state.exportQuery)}
    </p>
  );
}

describe('useListState', () => {
  it('gives the screen the valid filters only, and the export query without the page', () => {
    renderScreen(<Orders />, { path: '/orders?status=gone&paymentState=paid&page=2', route: '/orders' });
    expect(
      screen.getByText(
        'status -, payment paid, chips paymentState, filtered true, export {"paymentState":"paid"}',
      ),
    ).toBeInTheDocument();
  });

  it('is not filtered when the only filter is refused', () => {
    renderScreen(<Orders />, { path: '/orders?status=gone', route: '/orders' });
    expect(screen.getByText(/filtered false/)).toBeInTheDocument();
  });
});
