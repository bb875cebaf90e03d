import type { ComboboxItem, OptionsFilter } from '@mantine/core';
import { bankMatches } from '@tillbook/contract/wallet';

/**
 * The bank picker's search: by name, short name ("GTB", "UBA", "FBN") or code, through the
 * contract's one list of short names (decision 0058). Options are `{ value: code, label: name }`.
 */
export const bankFilter: OptionsFilter = ({ options, search, limit }) => {
  const found: typeof options = [];
  for (const option of options) {
    if (found.length >= limit) break;
    if (!('value' in option)) continue;
    const item = option as ComboboxItem;
    if (bankMatches({ code: item.value, name: item.label }, search)) found.push(option);
  }
  return found;
};
