import { screen } from '@testing-library/react';
import type { ColumnDef } from '@tanstack/react-table';
import { describe, expect, it } from 'vitest';
import { useTableState } from '../lib/use-table-state';
import { renderScreen } from '../test/render';
import { DataTable } from './data-table';

interface Row {
  id: string;
  name: string;
}

let cellRenders = 0;
const columns: ColumnDef<Row, unknown>[] = [
  {
    id: 'name',
    header: 'Name',
    accessorFn: (r) => r.name,
    cell: ({ getValue }) => {
      cellRenders += 1;
      return String(getValue());
    },
  },
];
const rows: Row[] = Array.from({ length: 25 }, (_, i) => ({
  id: String(i),
  name: `Customer ${String(i + 1).padStart(2, '0')}`,
}));

function Table() {
  const state = useTableState('test');
  return (
    <DataTable
      label="Customers"
      columns={columns}
      data={rows}
      state={state}
      getRowId={(r) => r.id}
      empty={<p>none</p>}
    />
  );
}

describe('DataTable', () => {
  it('pages and sorts from the URL and settles after rendering', async () => {
    renderScreen(<Table />, { path: '/list?page=2&sort=-name', route: '/list' });
    expect(await screen.findByText('Customer 15')).toBeInTheDocument();
    expect(screen.queryByText('Customer 25')).not.toBeInTheDocument();
    expect(screen.getByText('25 in all')).toBeInTheDocument();
    // No render loop: the table stops re-rendering once its state is stable.
    const settled = cellRenders;
    await new Promise((r) => setTimeout(r, 200));
    expect(cellRenders).toBe(settled);
  });

  it('shows the empty state without rows', async () => {
    function Empty() {
      const state = useTableState('empty');
      return (
        <DataTable
          label="Customers"
          columns={columns}
          data={[]}
          state={state}
          empty={<p>No customers yet</p>}
        />
      );
    }
    renderScreen(<Empty />);
    expect(await screen.findByText('No customers yet')).toBeInTheDocument();
  });
});
