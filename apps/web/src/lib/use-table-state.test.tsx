import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render';
import { useTableState } from './use-table-state';

function List() {
  const state = useTableState('list', ['mode']);
  return (
    <div>
      <p>
        search {state.search || '-'}, mode {state.filters.mode ?? '-'}, page {state.page}
      </p>
      <button
        type="button"
        onClick={() => {
          state.setSearch('');
          state.clearFilters();
        }}
      >
        Show all
      </button>
      <button
        type="button"
        onClick={() => {
          state.setFilter('mode', 'card');
          state.setSearch('ada');
          state.setPage(3);
        }}
      >
        Three changes
      </button>
    </div>
  );
}

describe('useTableState', () => {
  it('adds up the changes made in one event instead of keeping only the last', async () => {
    const { router } = renderScreen(<List />, {
      path: '/list?search=nothing&mode=cash&page=2',
      route: '/list',
    });
    expect(await screen.findByText('search nothing, mode cash, page 2')).toBeTruthy();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Show all' })));
    expect(await screen.findByText('search -, mode -, page 1')).toBeTruthy();
    expect(router.state.location.search).toBe('');
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Three changes' })));
    expect(await screen.findByText('search ada, mode card, page 3')).toBeTruthy();
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('ada');
  });
});
