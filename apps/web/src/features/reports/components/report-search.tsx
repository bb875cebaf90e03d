import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';

/**
 * A report's search box: what is typed shows at once and reaches the report's filters 300 ms
 * after the last key (trimmed, empty as none), so a word asks the server once.
 */
export function ReportSearch({
  value,
  onSearch,
  label,
  placeholder,
}: {
  value: string | null | undefined;
  onSearch: (search: string | null) => void;
  label: string;
  placeholder: string;
}) {
  const [typed, setTyped] = useState(value ?? '');
  const push = useDebouncedCallback((v: string) => onSearch(v.trim() || null), 300);
  return (
    <TextInput
      size="xs"
      aria-label={label}
      placeholder={placeholder}
      value={typed}
      onChange={(e) => {
        setTyped(e.currentTarget.value);
        push(e.currentTarget.value);
      }}
    />
  );
}
