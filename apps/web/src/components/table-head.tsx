import { Table } from '@mantine/core';

/**
 * A table's header row in the lines and report tables' order: the text columns first, then the
 * figures, aligned right as their cells are.
 */
export function TableHead({ left, right }: { left: string[]; right: string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {left.map((label) => (
          <Table.Th key={label}>{label}</Table.Th>
        ))}
        {right.map((label) => (
          <Table.Th key={label} ta="right">
            {label}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
