import { Checkbox, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { PermissionGroup } from '../api/list-permissions';

/** Permissions grouped by area; an area's box selects or clears all of it. */
export function PermissionPicker({
  groups,
  value,
  onChange,
  error,
}: {
  groups: PermissionGroup[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: React.ReactNode;
}) {
  const selected = new Set(value);
  const toggleArea = (group: PermissionGroup, on: boolean) => {
    const next = new Set(selected);
    for (const p of group.permissions) {
      if (on) next.add(p.key);
      else next.delete(p.key);
    }
    onChange([...next]);
  };
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Permissions
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {groups.map((group) => {
          const count = group.permissions.filter((p) => selected.has(p.key)).length;
          return (
            <Paper key={group.area} withBorder p="sm" radius="md">
              <Checkbox
                label={
                  <Text fw={600} size="sm">
                    {group.area}
                  </Text>
                }
                checked={count === group.permissions.length}
                indeterminate={count > 0 && count < group.permissions.length}
                onChange={(e) => toggleArea(group, e.currentTarget.checked)}
                mb="xs"
              />
              <Checkbox.Group value={value} onChange={onChange}>
                <Stack gap={6} pl="md">
                  {group.permissions.map((p) => (
                    <Checkbox key={p.key} value={p.key} label={p.label} size="sm" />
                  ))}
                </Stack>
              </Checkbox.Group>
            </Paper>
          );
        })}
      </SimpleGrid>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
