import { Anchor, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandWhatsapp, IconFileTypePdf } from '@tabler/icons-react';
import type { AccountEntry, CustomerAccount } from '@tillbook/contract/customer-accounts';
import type { Customer } from '@tillbook/contract/customers';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { column, dateTimeColumn, titleColumn } from '../../../components/columns';
import { DataTable } from '../../../components/data-table';
import { Fact } from '../../../components/details';
import { LinesTable } from '../../../components/lines-table';
import { exporting } from '../../../components/list-screen';
import { DateTime, Money } from '../../../components/money';
import { balanceWords } from '../../../components/receivables';
import { shareStatementOnWhatsApp } from '../../../components/share-receipt';
import { EmptyState, ErrorState, LoadingState, Section } from '../../../components/states';
import { messageOf } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/current-user';
import { formatMoney } from '../../../lib/format';
import { useTableState } from '../../../lib/use-table-state';
import { downloadStatement, useCustomerAccount } from '../api/customer-account';
import { CreditLimitModal, RepaymentModal, WriteOffModal } from './account-dialogs';
import { ENTRY_KIND_LABELS, entryDetail } from './account-words';

/** A signed amount: what raises the balance with +, what lowers it with −. */
function Signed({ minor, currency }: { minor: number; currency: string }) {
  const text = formatMoney(Math.abs(minor), currency);
  return (
    <Text span size="sm" c={minor < 0 ? 'green.9' : undefined} style={{ fontVariantNumeric: 'tabular-nums' }}>
      {minor < 0 ? `−${text}` : `+${text}`}
    </Text>
  );
}

/** The statement's columns; on a phone's card the kind names the entry and the amount is its figure. */
const entryColumns = (currency: string) => [
  titleColumn<AccountEntry>('kind', 'Entry', (e) => ENTRY_KIND_LABELS[e.kind]),
  dateTimeColumn<AccountEntry>('date', 'Date', (e) => e.created_at),
  column<AccountEntry>('order', 'Order', (e) =>
    e.order_id && e.order_number ? (
      <Anchor component={Link} to={paths.order(e.order_id)} size="sm" style={{ whiteSpace: 'nowrap' }}>
        {e.order_number}
      </Anchor>
    ) : (
      '—'
    ),
  ),
  column<AccountEntry>('amount', 'Amount', (e) => <Signed minor={e.amount} currency={currency} />, {
    card: 'figure',
  }),
  column<AccountEntry>('balance_after', 'Balance after', (e) => (
    <Money minor={e.balance_after} currency={currency} />
  )),
  column<AccountEntry>('detail', 'Details', (e) => entryDetail(e) ?? '—', { wrap: true }),
  column<AccountEntry>('by', 'By', (e) => e.created_by_name ?? '—'),
];

type Dialog = 'repay' | 'write-off' | 'limit' | null;

/**
 * The customer's Account tab (decision 0065): what they owe or hold as credit, their credit
 * limit, the orders on account still owed, and the statement with each entry's balance after;
 * record a repayment, write off, set the limit, download the statement.
 */
export function AccountTab({ customer }: { customer: Customer }) {
  const state = useTableState('customer-account', ['from', 'to']);
  const from = state.filters.from;
  const to = state.filters.to;
  const rangeValid = !from || !to || from <= to;
  const account = useCustomerAccount(customer.id, {
    page: state.page,
    perPage: state.perPage,
    ...(rangeValid ? { from, to } : {}),
  });
  const [dialog, setDialog] = useState<Dialog>(null);
  const canRepay = useCan('payments.record');
  const canWriteOff = useCan('customers.write_off');
  const canSetLimit = useCan('customers.credit_override');

  if (account.isPending) return <LoadingState rows={6} label="Loading the account" />;
  if (account.isError) return <ErrorState error={account.error} onRetry={() => void account.refetch()} />;
  const a = account.data;
  const dialogProps = {
    customerName: customer.full_name,
    customerId: customer.id,
    account: a,
    onClose: () => setDialog(null),
  };

  return (
    <Stack gap="lg">
      <Section
        title="Account"
        actions={
          <Group gap="sm">
            {canRepay && <Button onClick={() => setDialog('repay')}>Record repayment</Button>}
            {canWriteOff && a.balance > 0 && (
              <Button variant="outline" color="red" onClick={() => setDialog('write-off')}>
                Write off
              </Button>
            )}
            {canSetLimit && (
              <Button variant="default" onClick={() => setDialog('limit')}>
                Set credit limit
              </Button>
            )}
            <Button
              variant="default"
              color="green"
              leftSection={<IconBrandWhatsapp size={16} />}
              onClick={() =>
                void shareStatementOnWhatsApp(customer.id, a.balance > 0).catch((error: unknown) =>
                  notify.error(messageOf(error)),
                )
              }
            >
              {a.balance > 0 ? 'Send reminder' : 'Share statement'}
            </Button>
          </Group>
        }
      >
        <AccountFigures account={a} />
      </Section>

      <Section
        title="Orders on account"
        description="Still owed, oldest first: a repayment pays these in turn."
      >
        {a.open_orders.length === 0 ? (
          <Text size="sm" c="dimmed">
            No order on account is waiting to be paid.
          </Text>
        ) : (
          <LinesTable
            label="Orders on account"
            rows={a.open_orders}
            rowKey={(o) => o.id}
            minWidth={480}
            columns={[
              {
                header: 'Order',
                card: 'title',
                cell: (o) => (
                  <Anchor component={Link} to={paths.order(o.id)} size="sm" fw={600}>
                    {o.number}
                  </Anchor>
                ),
              },
              { header: 'Date', noWrap: true, cell: (o) => <DateTime iso={o.created_at} /> },
              {
                header: 'Total',
                numeric: true,
                noWrap: true,
                cell: (o) => <Money minor={o.total} currency={a.currency} />,
              },
              {
                header: 'Still owed',
                numeric: true,
                noWrap: true,
                card: 'figure',
                cell: (o) => <Money minor={o.amount_outstanding} currency={a.currency} />,
              },
            ]}
          />
        )}
      </Section>

      <Section
        title="Statement"
        actions={
          <Button
            variant="default"
            leftSection={<IconFileTypePdf size={16} />}
            disabled={!rangeValid}
            onClick={exporting(() => downloadStatement(customer.id, { from, to }))}
          >
            Download statement (PDF)
          </Button>
        }
      >
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              type="date"
              label="From"
              value={from ?? ''}
              max={to}
              onChange={(e) => state.setFilter('from', e.currentTarget.value || null)}
            />
            <TextInput
              type="date"
              label="To"
              value={to ?? ''}
              min={from}
              error={rangeValid ? undefined : 'The end date must be on or after the start date'}
              onChange={(e) => state.setFilter('to', e.currentTarget.value || null)}
            />
            {(from || to) && (
              <Button variant="subtle" onClick={state.clearFilters}>
                Every entry
              </Button>
            )}
          </Group>
          <PeriodTotals account={a} />
          <DataTable
            label="Statement entries"
            columns={entryColumns(a.currency)}
            data={a.entries}
            pagination={{
              page: a.page,
              perPage: a.per_page,
              total: a.entries_count,
              totalPages: Math.max(1, Math.ceil(a.entries_count / a.per_page)),
            }}
            loading={account.isPlaceholderData}
            state={state}
            getRowId={(e) => e.id}
            empty={
              <EmptyState
                title={from || to ? 'No entries in this period' : 'No entries yet'}
                description="Sales on credit, repayments, refunds and write-offs of this customer appear here."
              />
            }
          />
        </Stack>
      </Section>

      {dialog === 'repay' && <RepaymentModal {...dialogProps} />}
      {dialog === 'write-off' && <WriteOffModal {...dialogProps} />}
      {dialog === 'limit' && <CreditLimitModal {...dialogProps} />}
    </Stack>
  );
}

/** One big figure of the account: a label over its value. */
function Figure({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text
        component="div"
        fz={{ base: 18, sm: 22 }}
        fw={700}
        style={{ fontVariantNumeric: 'tabular-nums' }}
        data-testid={testId}
      >
        {children}
      </Text>
    </div>
  );
}

/** Balance (owed or in credit), credit limit and what more may be sold on credit. */
function AccountFigures({ account: a }: { account: CustomerAccount }) {
  const money = (v: number) => formatMoney(v, a.currency);
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
      <Figure label="Balance" testId="account-balance">
        <Text inherit c={a.balance > 0 ? 'red.9' : a.balance < 0 ? 'green.9' : undefined}>
          {balanceWords(a.balance, a.currency)}
        </Text>
      </Figure>
      <Figure label="Credit limit" testId="account-limit">
        {a.credit_limit === null ? (
          <Text inherit c="dimmed">
            No credit
          </Text>
        ) : (
          money(a.credit_limit)
        )}
      </Figure>
      <Figure label="Available credit" testId="account-available">
        {a.available_credit === null ? '—' : money(a.available_credit)}
      </Figure>
    </SimpleGrid>
  );
}

/** What the entries shown add up to, from the balance before the first of them. */
function PeriodTotals({ account: a }: { account: CustomerAccount }) {
  const t = a.totals;
  // Each kind's sum is shown as a size; whether it raised or lowered the balance is in its name.
  const money = (v: number) => <Money minor={Math.abs(v)} currency={a.currency} />;
  return (
    <SimpleGrid cols={{ base: 2, sm: 6 }} spacing="sm" data-testid="statement-totals">
      <Fact label="Opening balance">{balanceWords(t.opening_balance, a.currency)}</Fact>
      <Fact label="Sales on account">{money(t.sales)}</Fact>
      <Fact label="Repayments">{money(t.repayments)}</Fact>
      <Fact label="Refunds">{money(t.refunds)}</Fact>
      <Fact label="Written off">{money(t.write_offs)}</Fact>
      <Fact label="Credit received">{money(t.credits)}</Fact>
    </SimpleGrid>
  );
}
