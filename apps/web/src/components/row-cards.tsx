import { Box, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { BREAKPOINTS } from '@tillbook/contract/constants';
import type { CSSProperties, ReactNode } from 'react';

/**
 * What a list column is on a phone's card (issue 31): the row's name (`title`), its key figure
 * (`figure`, top right), a badge (`status`), a labelled line (`meta`, the default), the row's
 * picture (`media`), the selection checkbox (`select`), or nothing (`none`).
 */
export type CardRole = 'title' | 'figure' | 'status' | 'meta' | 'media' | 'select' | 'none';

/** A column as the card layout sees it: its id and the role it declares, if any. */
export interface CardColumn {
  id: string;
  card?: CardRole;
}

/** Which column goes where on a card; ids of the columns given. */
export interface CardLayout {
  select?: string;
  media?: string;
  title?: string;
  figure?: string;
  statuses: string[];
  meta: string[];
}

/**
 * The card of a row from its columns' roles. A list that names no title gets its first plain
 * column as the title (the table's first column is what a row is called); the first figure sits
 * top right and any further one is a labelled line, so every figure stays on the card; a column
 * with the id `select` is the row's checkbox.
 */
export function cardLayout(columns: CardColumn[]): CardLayout {
  const layout: CardLayout = { statuses: [], meta: [] };
  const roleOf = (c: CardColumn): CardRole => c.card ?? (c.id === 'select' ? 'select' : 'meta');
  const untitled = !columns.some((c) => roleOf(c) === 'title');
  for (const c of columns) {
    let role = roleOf(c);
    if (untitled && !layout.title && role === 'meta') role = 'title';
    if ((role === 'title' || role === 'select' || role === 'media' || role === 'figure') && layout[role])
      role = 'meta';
    switch (role) {
      case 'none':
        break;
      case 'status':
        layout.statuses.push(c.id);
        break;
      case 'meta':
        layout.meta.push(c.id);
        break;
      default:
        layout[role] = c.id;
    }
  }
  return layout;
}

/** Below Mantine's `sm` breakpoint (the `hiddenFrom="sm"` width): lists show cards, not tables. */
export const PHONE_QUERY = `(max-width: ${parseFloat(BREAKPOINTS.sm) - 0.01}em)`;

/** The screen is phone-wide, known on the first render (no table drawn then swapped for cards). */
export function usePhoneWidth(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
}

/** One part of a card: the column's id, its header (a label when it is a line) and its content. */
export interface CardCell {
  id: string;
  header: ReactNode;
  content: ReactNode;
}

const WRAP: CSSProperties = { overflowWrap: 'anywhere', minWidth: 0 };

/** Clicks on a control inside the card (a checkbox, a link, a menu) are the control's own. */
function fromControl(target: EventTarget, card: Element): boolean {
  const control = (target as Element).closest?.(
    'a, button, input, select, textarea, label, [role="menuitem"]',
  );
  return Boolean(
    control && control !== card && card.contains(control) && !control.hasAttribute('data-card-open'),
  );
}

/**
 * A row as a card: checkbox and picture on the left, the name with the key figure beside it,
 * the badges, then each other column as a labelled line. With `onOpen` the name is a button
 * (its text the card's accessible name) and a tap anywhere on the card opens the record.
 */
export function RowCard({
  layout,
  cells,
  onOpen,
}: {
  layout: CardLayout;
  cells: CardCell[];
  onOpen?: () => void;
}) {
  const byId = new Map(cells.map((c) => [c.id, c]));
  const at = (id: string | undefined) => (id ? byId.get(id) : undefined);
  const title = at(layout.title);
  const figure = at(layout.figure);
  const statuses = layout.statuses.map(at).filter((c): c is CardCell => Boolean(c));
  const meta = layout.meta.map(at).filter((c): c is CardCell => Boolean(c));
  const name = title?.content ?? '—';
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      onClick={
        onOpen
          ? (e) => {
              if (!fromControl(e.target, e.currentTarget)) onOpen();
            }
          : undefined
      }
      style={onOpen ? { cursor: 'pointer' } : undefined}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {at(layout.select)?.content}
        {at(layout.media)?.content}
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Box style={WRAP} data-card-part="title">
              {onOpen ? (
                <UnstyledButton
                  // No handler of its own: its click (a tap, Enter, Space) reaches the card's.
                  data-card-open
                  fz="sm"
                  fw={600}
                  ta="left"
                  style={WRAP}
                >
                  {name}
                </UnstyledButton>
              ) : (
                <Text component="div" size="sm" fw={600} style={WRAP}>
                  {name}
                </Text>
              )}
            </Box>
            {figure && (
              <Text
                component="div"
                size="sm"
                fw={600}
                ta="right"
                style={{ whiteSpace: 'nowrap' }}
                data-card-part="figure"
              >
                {figure.content}
              </Text>
            )}
          </Group>
          {statuses.length > 0 && (
            <Group gap={6} data-card-part="status">
              {statuses.map((s) => (
                <Box key={s.id}>{s.content}</Box>
              ))}
            </Group>
          )}
          {meta.map((m) => (
            <Group
              key={m.id}
              justify="space-between"
              gap="xs"
              wrap="nowrap"
              align="flex-start"
              data-card-part="meta"
            >
              {m.header ? (
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {m.header}
                </Text>
              ) : (
                <span />
              )}
              <Text component="div" size="sm" ta="right" style={WRAP}>
                {m.content}
              </Text>
            </Group>
          ))}
        </Stack>
      </Group>
    </Paper>
  );
}

/** Rows as a list of cards, named as the table would be. */
export function CardList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack component="ul" gap="sm" aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {children}
    </Stack>
  );
}
