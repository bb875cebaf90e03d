import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render';
import { useSearchBox } from './use-search-box';
import { useTableState } from './use-table-state';

function List() {
  const state = useTableState('list', ['mode']);
  const search = useSearchBox(state, 'Search number');
  return (
    <div>
      <input
        aria-label="Search"
        placeholder={search.box.placeholder}
        value={search.box.value}
        onChange={(e) => search.box.onChange(e.currentTarget.value)}
      />
      <p>searched {state.search || '-'}</p>
      <button
        type="button"
        onClick={() => {
          search.clear();
          state.clearFilters();
        }}
      >
        Show all
      </button>
    </div>
  );
}

const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe('useSearchBox', () => {
  it('searches after the pause, trimmed, and a clear drops a search still waiting', async () => {
    const { router } = renderScreen(<List />, { path: '/list?mode=cash', route: '/list' });
    const box = await screen.findByRole('textbox', { name: 'Search' });
    expect(box.getAttribute('placeholder')).toBe('Search number');
    fireEvent.change(box, { target: { value: ' ada ' } });
    expect((box as HTMLInputElement).value).toBe(' ada ');
    expect(screen.getByText('searched -')).toBeTruthy();
    expect(await screen.findByText('searched ada')).toBeTruthy();

    // Typed, then cleared before the pause ends: the typed search never lands.
    fireEvent.change(box, { target: { value: 'obi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    expect((box as HTMLInputElement).value).toBe('');
    await pause(500);
    expect(screen.getByText('searched -')).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });
});
