import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TableState } from '../lib/use-table-state';
import { renderScreen } from '../test/render';
import { DateRangeFilter, StatusTabs } from './table-filters';

const tableState = (filters: Record<string, string>): TableState => ({
  page: 1,
  perPage: 10,
  sort: null,
  search: '',
  filters,
  setPage: vi.fn(),
  setPerPage: vi.fn(),
  setSort: vi.fn(),
  setSearch: vi.fn(),
  setFilter: vi.fn(),
  clearFilters: vi.fn(),
});

const TABS = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
];

describe('table filters', () => {
  it('status tabs show the filtered status and set or clear it', async () => {
    const state = tableState({ status: 'pending' });
    const user = userEvent.setup();
    renderScreen(<StatusTabs state={state} tabs={TABS} />);
    expect(await screen.findByRole('tab', { name: 'Pending' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'All' }));
    expect(state.setFilter).toHaveBeenLastCalledWith('status', null);
  });

  it('a status tab sets the filter', async () => {
    const state = tableState({});
    const user = userEvent.setup();
    renderScreen(<StatusTabs state={state} tabs={TABS} />);
    await user.click(await screen.findByRole('tab', { name: 'Pending' }));
    expect(state.setFilter).toHaveBeenLastCalledWith('status', 'pending');
  });

  it('dates read from and write to the from and to filters; emptied, they clear', async () => {
    const state = tableState({ from: '2026-11-01' });
    renderScreen(<DateRangeFilter state={state} />);
    const from = await screen.findByLabelText('From');
    expect(from).toHaveValue('2026-11-01');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-22' } });
    expect(state.setFilter).toHaveBeenLastCalledWith('to', '2026-11-22');
    fireEvent.change(from, { target: { value: '' } });
    expect(state.setFilter).toHaveBeenLastCalledWith('from', null);
  });
});
