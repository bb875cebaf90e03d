import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ColumnDef } from '@tanstack/react-table';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTableState } from '../lib/use-table-state';
import { renderScreen } from '../test/render';
import { column, moneyColumn, statusColumn, textColumn, titleColumn } from './columns';
import { DataTable } from './data-table';
import { listCardColumns } from './list-card';
import { cardLayout, PHONE_QUERY } from './row-cards';

describe('cardLayout', () => {
  it('places the declared title, the first figure, the badges and the rest as lines', () => {
    expect(
      cardLayout([
        { id: 'select' },
        { id: 'image', card: 'media' },
        { id: 'sku' },
        { id: 'name', card: 'title' },
        { id: 'price', card: 'figure' },
        { id: 'revenue', card: 'figure' },
        { id: 'status', card: 'status' },
        { id: 'paid', card: 'status' },
        { id: 'internal', card: 'none' },
      ]),
    ).toEqual({
      select: 'select',
      media: 'image',
      title: 'name',
      figure: 'price',
      statuses: ['status', 'paid'],
      // A second figure stays on the card as a labelled line.
      meta: ['sku', 'revenue'],
    });
  });

  it('names the row by its first plain column when no column is the title', () => {
    expect(cardLayout([{ id: 'status', card: 'status' }, { id: 'number' }, { id: 'items' }])).toEqual({
      title: 'number',
      statuses: ['status'],
      meta: ['items'],
    });
  });

  it('takes the roles the column helpers give', () => {
    const cols = [
      textColumn<{ a: string }>('phone', 'Phone', (r) => r.a),
      titleColumn<{ a: string }>('name', 'Name', (r) => r.a),
      moneyColumn<{ a: string }>('total', 'Total', () => 100),
      statusColumn<{ a: string }>((r) => r.a),
      column<{ a: string }>('hidden', 'Hidden', (r) => r.a, { card: 'none' }),
    ];
    expect(cardLayout(cols.map((c) => ({ id: c.id!, card: c.meta?.card })))).toEqual({
      title: 'name',
      figure: 'total',
      statuses: ['status'],
      meta: ['phone'],
    });
  });
});

describe('listCardColumns', () => {
  const cell = () => null;
  it('puts the amount on the right, the counts as lines and the status as a badge', () => {
    const columns = listCardColumns([
      { header: 'Number', cell },
      { header: 'Amount', numeric: true, noWrap: true, cell },
      { header: 'Quantity', numeric: true, cell },
      { header: 'Status', cell },
    ]);
    expect(cardLayout(columns)).toEqual({
      title: 'Number',
      figure: 'Amount',
      statuses: ['Status'],
      meta: ['Quantity'],
    });
  });

  it('takes the last figure when none is kept on one line, and a named role over both', () => {
    expect(
      cardLayout(
        listCardColumns([
          { header: 'Product', cell },
          { header: 'Units', numeric: true, cell },
          { header: 'Revenue', numeric: true, cell },
        ]),
      ).figure,
    ).toBe('Revenue');
    expect(
      cardLayout(
        listCardColumns([
          { header: 'Product', cell },
          { header: 'Units', numeric: true, card: 'figure', cell },
          { header: 'Revenue', numeric: true, noWrap: true, cell },
        ]),
      ),
    ).toEqual({ title: 'Product', figure: 'Units', statuses: [], meta: ['Revenue'] });
  });
});

interface Row {
  id: string;
  name: string;
  total: number;
  status: string;
  phone: string | null;
}

const columns: ColumnDef<Row, unknown>[] = [
  titleColumn<Row>('name', 'Name', (r) => r.name),
  textColumn<Row>('phone', 'Phone', (r) => r.phone),
  moneyColumn<Row>('total', 'Total', (r) => r.total),
  statusColumn<Row>((r) => r.status),
];
const rows: Row[] = [
  { id: '1', name: 'Adaeze Nwosu', total: 250000, status: 'active', phone: '+2348031234567' },
  { id: '2', name: 'Bola Ade', total: 0, status: 'blocked', phone: null },
];

function List({ onOpen }: { onOpen: (row: Row) => void }) {
  const state = useTableState('cards');
  return (
    <DataTable
      label="Customers"
      columns={columns}
      data={rows}
      state={state}
      getRowId={(r) => r.id}
      onRowClick={onOpen}
      empty={<p>none</p>}
    />
  );
}

describe('DataTable at phone width', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('draws a card per row, named by the row, that opens the record', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === PHONE_QUERY,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }));
    const opened: string[] = [];
    await act(async () => {
      renderScreen(<List onOpen={(r) => opened.push(r.id)} />, { path: '/list', route: '/list' });
    });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Customers' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole('button', { name: 'Adaeze Nwosu' })).toBeInTheDocument();
    expect(first.getByText('Phone')).toBeInTheDocument();
    expect(first.getByText('+2348031234567')).toBeInTheDocument();
    expect(first.getByText(/2,500/)).toBeInTheDocument();
    // A missing value reads as a dash, under its label.
    expect(within(cards[1]!).getByText('—')).toBeInTheDocument();
    fireEvent.click(first.getByText('+2348031234567'));
    fireEvent.click(within(cards[1]!).getByRole('button', { name: 'Bola Ade' }));
    expect(opened).toEqual(['1', '2']);
  });
});
