import {
  Anchor,
  Breadcrumbs,
  Button,
  CloseButton,
  Group,
  Pill,
  Popover,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload, IconFilter, IconPlus, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface FilterChip {
  label: string;
  onRemove: () => void;
}

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  breadcrumbs?: { label: string; to?: string }[];
  /** Next to the title: a status badge on detail pages. */
  badge?: ReactNode;
  search?: {
    value: string;
    onChange: (value: string) => void;
    placeholder?: string;
    /** Enter pressed in the box (a barcode scanner types the code and presses Enter). */
    onEnter?: (value: string) => void;
    label?: string;
  };
  /** The filter popover's content; set filters show as removable chips. */
  filters?: { content: ReactNode; chips: FilterChip[] };
  onExport?: () => void;
  /** The primary "Add …" action in the brand purple. */
  add?: { label: string; to?: string; onClick?: () => void };
  /** Other buttons (a red outlined dangerous action, an Edit button). */
  actions?: ReactNode;
}

/** The header of list and detail pages (design notes: title, search, filter, export, add). */
export type ListToolbarProps = Pick<PageHeaderProps, 'search' | 'filters' | 'onExport' | 'add'>;

function AddButton({ add }: { add: NonNullable<PageHeaderProps['add']> }) {
  return add.to ? (
    <Button component={Link} to={add.to} leftSection={<IconPlus size={16} />}>
      {add.label}
    </Button>
  ) : (
    <Button onClick={add.onClick} leftSection={<IconPlus size={16} />}>
      {add.label}
    </Button>
  );
}

/** Search, filter popover with chips, export and the add button of a list. */
export function ListToolbar({ search, filters, onExport, add }: ListToolbarProps) {
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap" style={{ flex: 1, minWidth: 240 }}>
          {search && (
            <TextInput
              aria-label={search.label ?? 'Search'}
              placeholder={search.placeholder ?? 'Search'}
              value={search.value}
              onChange={(e) => search.onChange(e.currentTarget.value)}
              onKeyDown={
                search.onEnter
                  ? (e) => {
                      if (e.key === 'Enter') {
                        e.preventDefault();
                        search.onEnter?.(e.currentTarget.value);
                      }
                    }
                  : undefined
              }
              leftSection={<IconSearch size={16} />}
              rightSection={
                search.value ? (
                  <CloseButton size="sm" aria-label="Clear search" onClick={() => search.onChange('')} />
                ) : null
              }
              style={{ flex: 1, maxWidth: 360, minWidth: 200 }}
            />
          )}
          {filters && (
            <Popover position="bottom-start" shadow="md" width={300} trapFocus>
              <Popover.Target>
                <Button variant="default" leftSection={<IconFilter size={16} />}>
                  Filter{filters.chips.length ? ` (${filters.chips.length})` : ''}
                </Button>
              </Popover.Target>
              <Popover.Dropdown>{filters.content}</Popover.Dropdown>
            </Popover>
          )}
          {onExport && (
            <Button variant="default" leftSection={<IconDownload size={16} />} onClick={onExport}>
              Export
            </Button>
          )}
        </Group>
        {add && <AddButton add={add} />}
      </Group>
      {filters && filters.chips.length > 0 && (
        <Group gap={6}>
          {filters.chips.map((chip) => (
            <Pill
              key={chip.label}
              withRemoveButton
              onRemove={chip.onRemove}
              removeButtonProps={{ 'aria-label': `Remove filter ${chip.label}` }}
            >
              {chip.label}
            </Pill>
          ))}
        </Group>
      )}
    </Stack>
  );
}

export function PageHeader({
  title,
  description,
  breadcrumbs,
  badge,
  search,
  filters,
  onExport,
  add,
  actions,
}: PageHeaderProps) {
  const hasTools = Boolean(search || filters || onExport);
  return (
    <Stack gap="sm">
      {breadcrumbs && breadcrumbs.length > 0 && (
        <Breadcrumbs separator="/" fz="sm">
          {breadcrumbs.map((b) =>
            b.to ? (
              <Anchor component={Link} to={b.to} key={b.label} size="sm">
                {b.label}
              </Anchor>
            ) : (
              <Text key={b.label} size="sm" c="dimmed">
                {b.label}
              </Text>
            ),
          )}
        </Breadcrumbs>
      )}
      <Group justify="space-between" align="flex-start" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Group gap="sm" align="center">
            <Title order={2} className="tb-page-title">
              {title}
            </Title>
            {badge}
          </Group>
          {description && (
            <Text c="dimmed" size="sm" mt={4}>
              {description}
            </Text>
          )}
        </div>
        <Group gap="sm">
          {actions}
          {!hasTools && add && <AddButton add={add} />}
        </Group>
      </Group>
      {hasTools && <ListToolbar search={search} filters={filters} onExport={onExport} add={add} />}
    </Stack>
  );
}
