import { act, screen } from '@testing-library/react';
import type { ColumnDef } from '@tanstack/react-table';
import { describe, expect, it, vi } from 'vitest';
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
    // Fake timers: every timer the table's rendering sets can be run out without waiting.
    vi.useFakeTimers();
    try {
      cellRenders = 0;
      await act(async () => {
        renderScreen(<Table />, { path: '/list?page=2&sort=-name', route: '/list' });
      });
      // Runs every pending timer and those they set, until none is left: a render loop through
      // effects or timers never ends, and Vitest stops it after 10,000 timers.
      await act(() => vi.runAllTimersAsync());
      expect(screen.getByText('Customer 15')).toBeInTheDocument();
      expect(screen.queryByText('Customer 25')).not.toBeInTheDocument();
      expect(screen.getByText('25 in all')).toBeInTheDocument();
      // Each of the page's 10 rows was drawn exactly once.
      expect(screen.getAllByRole('row')).toHaveLength(11);
      expect(cellRenders).toBe(10);
    } finally {
      vi.useRealTimers();
    }
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
