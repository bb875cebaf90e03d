import { Anchor, Badge, Box, CloseButton, Group, NativeSelect, Text, UnstyledButton } from '@mantine/core';
import { SHIFT_STATUSES, type ShiftStatus } from '@tillbook/contract/shift-constants';
import type { Shift } from '@tillbook/contract/shifts';
import { Link } from 'react-router';
import type { ListColumn } from '../../../components/list-card';
import { DateTime } from '../../../components/money';
import { StatusBadge } from '../../../components/status-badge';
import { paths } from '../../../config/paths';
import { DIFFERENCE_COLOURS, differenceState, differenceText } from '../../../lib/cash-count';
import { useStoreLocale } from '../../../lib/current-user';
import { formatCount, formatDateTime, formatMoney } from '../../../lib/format';
import { useShifts, type ShiftFilters } from '../api/shifts';
import { ReportCard } from './report-card';
import { ReportPager } from './report-pager';
import { ReportTable } from './report-table';

/** The tab's own filters in the URL (`shiftStatus`, `member`), beside the report's period and page. */
export function shiftFiltersOf(
  get: (key: string) => string | null,
  range: { from: string; to: string },
  page: number,
  perPage: number,
): ShiftFilters {
  const status = get('shiftStatus');
  return {
    ...range,
    page,
    perPage,
    status: SHIFT_STATUSES.includes(status as ShiftStatus) ? (status as ShiftStatus) : undefined,
    memberId: get('member') || undefined,
  };
}

type Change = Partial<Record<'shiftStatus' | 'member' | 'memberName' | 'page', string | null>>;

/** When it closed: the time alone on the day it opened ("5:30 PM"), else the date and time. */
export function closedText(shift: Pick<Shift, 'opened_at' | 'closed_at'>, timezone: string): string {
  if (!shift.closed_at) return '—';
  const opened = formatDateTime(shift.opened_at, timezone);
  const closed = formatDateTime(shift.closed_at, timezone);
  const day = (text: string) => text.slice(0, text.lastIndexOf(', '));
  return day(opened) === day(closed) ? closed.slice(closed.lastIndexOf(', ') + 2) : closed;
}

function shiftColumns(
  money: (v: number) => string,
  timezone: string,
  onMember: (s: Shift) => void,
): ListColumn<Shift>[] {
  const amount = (v: number | null) => (v === null ? '—' : money(v));
  return [
    {
      header: 'Shift',
      card: 'title',
      cell: (s) => (
        <Anchor component={Link} to={paths.shift(s.id)} size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {s.number}
        </Anchor>
      ),
    },
    {
      header: 'Member',
      cell: (s) => (
        <UnstyledButton
          onClick={() => onMember(s)}
          fz="sm"
          title={`Only ${s.member.name ?? 'this member'}'s shifts`}
          style={{ textDecoration: 'underline dotted', whiteSpace: 'nowrap' }}
        >
          {s.member.name ?? '—'}
        </UnstyledButton>
      ),
    },
    { header: 'Opened', noWrap: true, cell: (s) => <DateTime iso={s.opened_at} /> },
    {
      header: 'Closed',
      noWrap: true,
      cell: (s) => (s.closed_at ? <time dateTime={s.closed_at}>{closedText(s, timezone)}</time> : '—'),
    },
    { header: 'Float', numeric: true, noWrap: true, cell: (s) => money(s.opening_float) },
    { header: 'Expected', numeric: true, noWrap: true, cell: (s) => money(s.expected_cash) },
    { header: 'Counted', numeric: true, noWrap: true, cell: (s) => amount(s.counted_cash) },
    {
      header: 'Difference',
      numeric: true,
      noWrap: true,
      card: 'figure',
      cell: (s) =>
        s.difference === null ? (
          '—'
        ) : (
          <Text span size="sm" fw={600} c={DIFFERENCE_COLOURS[differenceState(s.difference)]}>
            {differenceText(s.difference, money)}
          </Text>
        ),
    },
    {
      header: 'Status',
      card: 'status',
      noWrap: true,
      // Its whole width: a squeezed badge would cut its word short.
      cell: (s) => (
        <Box w="max-content">
          <StatusBadge
            status={s.status === 'open' ? 'processing' : 'completed'}
            label={s.status === 'open' ? 'Open' : 'Closed'}
          />
        </Box>
      ),
    },
  ];
}

/**
 * Shifts (issue 32): each shift opened in the period, its member, times, float, the cash expected
 * and counted, and the difference; the number opens its Z-report. A member's name filters by them.
 */
export function ShiftsTab({
  filters,
  memberName,
  onChange,
}: {
  filters: ShiftFilters;
  memberName: string | null;
  onChange: (changes: Change) => void;
}) {
  const q = useShifts(filters);
  const { currency, timezone } = useStoreLocale();
  const money = (v: number) => formatMoney(v, currency);
  const rows = q.data?.rows ?? [];
  const closed = rows.filter((s) => s.difference !== null);
  const difference = closed.reduce((sum, s) => sum + (s.difference ?? 0), 0);

  return (
    <ReportCard
      title="Shifts"
      query={q}
      isEmpty={q.data?.rows.length === 0}
      empty={
        filters.status || filters.memberId
          ? 'No shifts match these filters in this period.'
          : 'No shifts opened in this period.'
      }
      filters={
        <>
          <NativeSelect
            size="xs"
            aria-label="Shift status"
            value={filters.status ?? ''}
            data={[
              { value: '', label: 'Open and closed' },
              { value: 'open', label: 'Open' },
              { value: 'closed', label: 'Closed' },
            ]}
            onChange={(e) => onChange({ shiftStatus: e.currentTarget.value || null, page: null })}
          />
          {filters.memberId && (
            <Badge
              variant="light"
              size="lg"
              radius="sm"
              rightSection={
                <CloseButton
                  size="xs"
                  aria-label="Every member"
                  onClick={() => onChange({ member: null, memberName: null, page: null })}
                />
              }
              style={{ textTransform: 'none' }}
            >
              {memberName ?? 'One member'}
            </Badge>
          )}
        </>
      }
    >
      {q.data && (
        <>
          <ReportTable
            label="Shifts"
            minWidth={860}
            rows={rows}
            rowKey={(s) => s.id}
            columns={shiftColumns(money, timezone, (s) =>
              onChange({ member: s.member.id, memberName: s.member.name, page: null }),
            )}
            totals={{
              testId: 'shifts-totals',
              span: 4,
              title: (
                <Group gap={4} component="span">
                  {formatCount(rows.length)} {rows.length === 1 ? 'shift' : 'shifts'} on this page
                </Group>
              ),
              cells: {
                Float: money(rows.reduce((sum, s) => sum + s.opening_float, 0)),
                Difference: closed.length ? differenceText(difference, money) : '—',
              },
            }}
          />
          {q.data.pagination && (
            <ReportPager pagination={q.data.pagination} onChange={onChange} noun="shifts" />
          )}
        </>
      )}
    </ReportCard>
  );
}
