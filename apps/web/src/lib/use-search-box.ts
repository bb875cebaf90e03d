import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import type { TableState } from './use-table-state';

export interface SearchBox {
  /** For `search` of PageHeader or ListToolbar (spread it, then add a label or onEnter). */
  box: { value: string; onChange: (value: string) => void; placeholder: string };
  /** Puts what is typed in the URL now instead of after the pause (before a scan's look-up). */
  flush: () => void;
  /** Empties the box and the list's search at once; a search still waiting is dropped. */
  clear: () => void;
}

/**
 * A list's search box: what is typed shows at once and reaches the URL (and so the query) 350 ms
 * after the last key, so typing a word asks the server once.
 */
export function useSearchBox(state: TableState, placeholder: string): SearchBox {
  const [value, setValue] = useState(state.search);
  const push = useDebouncedCallback((typed: string) => state.setSearch(typed.trim()), 350);
  return {
    box: {
      value,
      placeholder,
      onChange: (typed) => {
        setValue(typed);
        push(typed);
      },
    },
    flush: () => push.flush(),
    clear: () => {
      push.cancel();
      setValue('');
      state.setSearch('');
    },
  };
}
