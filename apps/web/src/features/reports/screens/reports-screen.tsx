import { Button, Group, NativeSelect, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { ORDER_STATUSES, type OrderStatus } from '@tillbook/contract/orders';
import { AGEING_BUCKETS, type AgeingBucket } from '@tillbook/contract/customer-accounts';
import { REPORT_TYPES, type ReportType, type TransactionKind } from '@tillbook/contract/reports';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { NotInRoleScreen } from '../../../components/not-in-role';
import { messageOf } from '../../../lib/api-client';
import { useCan, useCurrentStore, useStoreLocale } from '../../../lib/current-user';
import { exportOwing, type OwingFilters } from '../../../lib/receivables';
import { useUrlParams } from '../../../lib/use-url-params';
import { formatDay, storeDate } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import {
  exportSalesByItem,
  exportSalesReport,
  exportTransactions,
  type ItemFilters,
  type TransactionFilters,
} from '../api/reports';
import { exportCashiers, exportPaymentTypes } from '../api/takings';
import { exportShifts } from '../api/shifts';
import { CashiersTab } from '../components/cashiers-tab';
import { PaymentTypesTab } from '../components/payment-types-tab';
import { ReceivablesTab } from '../components/receivables-tab';
import { isPreset, PRESET_LABELS, PRESETS, presetRange } from '../components/report-period';
import { SalesByItemTab } from '../components/sales-by-item-tab';
import { SalesReportTab } from '../components/sales-report-tab';
import { shiftFiltersOf, ShiftsTab } from '../components/shifts-tab';
import { TransactionsTab } from '../components/transactions-tab';
import '../components/reports-print.css';

const TABS = [
  'sales',
  'items',
  'transactions',
  'payment-types',
  'cashiers',
  'shifts',
  'receivables',
] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, string> = {
  sales: 'Sales report',
  items: 'Sales by item',
  transactions: 'Sales transactions',
  'payment-types': 'By payment type',
  cashiers: 'By cashier',
  shifts: 'Shifts',
  receivables: 'Receivables',
};

const PER_PAGE = 20;
const ITEM_SORTS = ['revenue', 'quantity', 'margin', 'name'] as const;

/**
 * The report's tab, period and filters, kept in the URL so a reload, a shared link or the
 * printed page shows the same report.
 */
function useReportParams(timezone: string) {
  const [params, set] = useUrlParams();
  const get = (k: string) => params.get(k);
  const tab: Tab = TABS.includes(get('tab') as Tab) ? (get('tab') as Tab) : 'sales';
  const preset = isPreset(get('period')) ? (get('period') as (typeof PRESETS)[number]) : 'month';
  const today = storeDate(timezone);
  const custom = preset === 'custom';
  const fallback = presetRange('month', today);
  const range = custom
    ? { from: get('from') || fallback.from, to: get('to') || fallback.to }
    : presetRange(preset, today);
  const type: ReportType = REPORT_TYPES.includes(get('type') as ReportType)
    ? (get('type') as ReportType)
    : 'daily';
  const page = Math.max(1, Number(get('page')) || 1);
  const status = ORDER_STATUSES.includes(get('status') as OrderStatus)
    ? (get('status') as OrderStatus)
    : undefined;
  const kind: TransactionKind = get('kind') === 'payments' ? 'payments' : 'orders';
  const sort = ITEM_SORTS.includes(get('sort') as ItemFilters['sort'])
    ? (get('sort') as ItemFilters['sort'])
    : 'revenue';
  const items: ItemFilters = {
    ...range,
    page,
    perPage: PER_PAGE,
    sort,
    by: get('by') === 'variant' ? 'variant' : 'product',
    search: get('search') || undefined,
    categoryId: get('categoryId') || undefined,
  };
  const transactions: TransactionFilters = { ...range, page, perPage: PER_PAGE, kind, status };
  const shifts = shiftFiltersOf(get, range, page, PER_PAGE);
  const bucket = AGEING_BUCKETS.includes(get('bucket') as AgeingBucket)
    ? (get('bucket') as AgeingBucket)
    : undefined;
  const receivables: OwingFilters = { page, perPage: PER_PAGE, search: get('search') || undefined, bucket };
  return {
    tab,
    preset,
    custom,
    range,
    type,
    items,
    transactions,
    shifts,
    receivables,
    memberName: get('memberName'),
    set,
  };
}

/**
 * paths.reports: sales report, sales by item, sales transactions, takings by payment type and
 * sales by cashier, shifts, and receivables (what customers owe); export and print.
 */
export default function ReportsScreen() {
  const canView = useCan('reports.view');
  // The Shifts tab lists shifts (`shifts.own`): a role without it does not see a tab that would
  // only refuse it.
  const canShifts = useCan('shifts.own');
  // Receivables lists customers and what they owe (`customers.view`).
  const canReceivables = useCan('customers.view');
  const { timezone } = useStoreLocale();
  const store = useCurrentStore();
  const params = useReportParams(timezone);
  const closed = (!canShifts && params.tab === 'shifts') || (!canReceivables && params.tab === 'receivables');
  const r = closed ? { ...params, tab: 'sales' as const } : params;
  const [exporting, setExporting] = useState(false);
  // Receivables are what is owed today: the period does not apply to them.
  const asOfToday = r.tab === 'receivables';
  const rangeValid = asOfToday || r.range.from <= r.range.to;

  if (!canView) {
    return (
      <NotInRoleScreen
        title="Reports"
        closed="Reports are not part of your role"
        ask="Ask the store's owner for the permission to view the dashboard and reports."
      />
    );
  }

  const exportCsv = async () => {
    setExporting(true);
    try {
      if (r.tab === 'sales') await exportSalesReport(r.type, r.range);
      else if (r.tab === 'items') await exportSalesByItem(r.items);
      else if (r.tab === 'payment-types') await exportPaymentTypes(r.range);
      else if (r.tab === 'cashiers') await exportCashiers(r.range);
      else if (r.tab === 'shifts') await exportShifts(r.shifts);
      else if (r.tab === 'receivables') {
        const { page: _page, perPage: _perPage, ...query } = r.receivables;
        await exportOwing(query);
      } else await exportTransactions(r.transactions);
    } catch (error) {
      notify.error(messageOf(error));
    } finally {
      setExporting(false);
    }
  };

  const periodText = asOfToday
    ? `As of ${formatDay(storeDate(timezone))}`
    : `${formatDay(r.range.from)} – ${formatDay(r.range.to)}`;

  return (
    <Stack gap="lg" className="report-document">
      <div className="report-print-only">
        <Text fw={700} fz={18}>
          {store?.business_name} · {TAB_LABELS[r.tab]}
        </Text>
        <Text size="sm">{periodText}</Text>
      </div>
      <div className="report-no-print">
        <PageHeader
          title="Reports"
          description="Sales, what sold and every transaction, for any period, against the period before; what customers owe."
          actions={
            <Group gap="sm">
              <Button
                variant="default"
                leftSection={<IconPrinter size={18} />}
                onClick={() => window.print()}
                disabled={!rangeValid}
              >
                Print
              </Button>
              <Button
                leftSection={<IconDownload size={18} />}
                onClick={() => void exportCsv()}
                loading={exporting}
                disabled={!rangeValid}
              >
                Export CSV
              </Button>
            </Group>
          }
        />
      </div>

      {asOfToday ? (
        <Text size="sm" c="dimmed" className="report-no-print" data-testid="report-period">
          {periodText}
        </Text>
      ) : (
        <Group gap="sm" align="flex-end" wrap="wrap" className="report-no-print">
          <NativeSelect
            label="Period"
            value={r.preset}
            data={PRESETS.map((p) => ({ value: p, label: PRESET_LABELS[p] }))}
            onChange={(e) => {
              const v = e.currentTarget.value;
              r.set(
                v === 'custom'
                  ? { period: v, from: r.range.from, to: r.range.to, page: null }
                  : { period: v === 'month' ? null : v, from: null, to: null, page: null },
              );
            }}
          />
          {r.custom ? (
            <>
              <TextInput
                type="date"
                label="From"
                value={r.range.from}
                max={r.range.to}
                onChange={(e) => r.set({ from: e.currentTarget.value || null, page: null })}
              />
              <TextInput
                type="date"
                label="To"
                value={r.range.to}
                min={r.range.from}
                error={rangeValid ? undefined : 'The end date must be on or after the start date'}
                onChange={(e) => r.set({ to: e.currentTarget.value || null, page: null })}
              />
            </>
          ) : (
            <Text size="sm" c="dimmed" pb={8} data-testid="report-period">
              {periodText}
            </Text>
          )}
        </Group>
      )}

      <Tabs
        value={r.tab}
        // A list's search and filters are its own: another tab starts without them.
        onChange={(v) => r.set({ tab: v === 'sales' ? null : v, page: null, search: null, bucket: null })}
        keepMounted={false}
      >
        {/* The tabs wrap rather than scroll: at 390 px every report's name stays in sight. */}
        <Tabs.List className="report-no-print" style={{ flexWrap: 'wrap' }}>
          {TABS.filter((t) => (canShifts || t !== 'shifts') && (canReceivables || t !== 'receivables')).map(
            (t) => (
              <Tabs.Tab key={t} value={t}>
                {TAB_LABELS[t]}
              </Tabs.Tab>
            ),
          )}
        </Tabs.List>
        {rangeValid ? (
          <>
            <Tabs.Panel value="sales" pt="md">
              <SalesReportTab
                range={r.range}
                type={r.type}
                onTypeChange={(t) => r.set({ type: t === 'daily' ? null : t })}
              />
            </Tabs.Panel>
            <Tabs.Panel value="items" pt="md">
              <SalesByItemTab filters={r.items} onChange={r.set} />
            </Tabs.Panel>
            <Tabs.Panel value="transactions" pt="md">
              <TransactionsTab filters={r.transactions} onChange={r.set} />
            </Tabs.Panel>
            <Tabs.Panel value="payment-types" pt="md">
              <PaymentTypesTab range={r.range} />
            </Tabs.Panel>
            <Tabs.Panel value="cashiers" pt="md">
              <CashiersTab range={r.range} />
            </Tabs.Panel>
            <Tabs.Panel value="shifts" pt="md">
              <ShiftsTab filters={r.shifts} memberName={r.memberName} onChange={r.set} />
            </Tabs.Panel>
            <Tabs.Panel value="receivables" pt="md">
              <ReceivablesTab filters={r.receivables} onChange={r.set} />
            </Tabs.Panel>
          </>
        ) : (
          <Text size="sm" c="dimmed" pt="md">
            Pick an end date on or after the start date.
          </Text>
        )}
      </Tabs>
    </Stack>
  );
}
