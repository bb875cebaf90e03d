import { Box, Divider, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Invoice } from '@tillbook/contract/orders';
import { useStoreLocale } from '../../../lib/current-user';
import { formatDateTime, formatMoney } from '../../../lib/format';
import './invoice-print.css';
import { LinesTable } from '../../../components/lines-table';

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xl">
      <Text size="sm" fw={strong ? 700 : undefined} c={strong ? undefined : 'dimmed'}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined}>
        {value}
      </Text>
    </Group>
  );
}

/** The invoice (or receipt, once paid) as the customer sees it, on screen and on paper. */
export function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const { timezone } = useStoreLocale();
  const { order, store } = invoice;
  const money = (minor: number) => formatMoney(minor, order.currency);
  const title = invoice.kind === 'receipt' ? 'Receipt' : 'Invoice';
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 40 }}
      className="invoice-document"
      aria-label={`${title} ${invoice.invoice_number}`}
    >
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            {store.logo_url && <Image src={store.logo_url} alt="" h={48} w="auto" fit="contain" />}
            <Text fw={700} size="lg">
              {store.business_name}
            </Text>
            {[store.address, store.city, store.state, store.country].filter(Boolean).length > 0 && (
              <Text size="sm">
                {[store.address, store.city, store.state, store.country].filter(Boolean).join(', ')}
              </Text>
            )}
            {(store.phone_number || store.email) && (
              <Text size="sm">{[store.phone_number, store.email].filter(Boolean).join(' · ')}</Text>
            )}
            {store.tin && <Text size="sm">TIN {store.tin}</Text>}
          </Stack>
          <Stack gap={2} align="flex-end">
            <Title order={2}>{title}</Title>
            <Text size="sm" fw={600}>
              {invoice.invoice_number}
            </Text>
            <Text size="sm">Order {order.number}</Text>
            <Text size="sm">Issued {formatDateTime(invoice.issued_at, timezone)}</Text>
            <Text size="sm">Sold {formatDateTime(order.created_at, timezone)}</Text>
          </Stack>
        </Group>
        <Box>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Bill to
          </Text>
          {order.customer ? (
            <>
              <Text fw={600}>{order.customer.name}</Text>
              {order.customer.phone_number && <Text size="sm">{order.customer.phone_number}</Text>}
              {order.customer.email_address && <Text size="sm">{order.customer.email_address}</Text>}
            </>
          ) : (
            <Text>Walk-in customer</Text>
          )}
        </Box>
        <LinesTable
          label="Invoice lines"
          rows={order.items}
          rowKey={(i) => i.id}
          minWidth={480}
          verticalSpacing="xs"
          columns={[
            { header: 'Item', cell: (i) => i.name },
            { header: 'Price', numeric: true, cell: (i) => money(i.unit_price) },
            { header: 'Qty', numeric: true, cell: (i) => i.quantity },
            { header: 'Discount', numeric: true, cell: (i) => (i.discount ? money(i.discount) : '—') },
            { header: 'Amount', numeric: true, card: 'figure', cell: (i) => money(i.total) },
          ]}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <div />
          <Stack gap={4}>
            <Line label="Subtotal" value={money(order.subtotal)} />
            {order.discount > 0 && (
              <Line
                label={`Discount${order.discount_code ? ` (${order.discount_code})` : ''}`}
                value={`−${money(order.discount)}`}
              />
            )}
            {order.taxes.map((t) => (
              <Line
                key={t.name}
                label={`${t.name} ${t.rate}%${order.tax_inclusive ? ' (included)' : ''}`}
                value={money(t.amount)}
              />
            ))}
            {order.shipping > 0 && <Line label="Shipping" value={money(order.shipping)} />}
            <Divider />
            <Line label="Total" value={money(order.total)} strong />
            <Line label="Amount received" value={money(order.amount_received)} />
            {order.refunded_total > 0 && <Line label="Refunded" value={money(order.refunded_total)} />}
            <Line label="Balance due" value={money(invoice.balance_due)} strong />
          </Stack>
        </SimpleGrid>
        {invoice.pay_to && invoice.balance_due > 0 && (
          <Stack gap={2} data-testid="pay-to">
            <Text size="xs" fw={700} c="dimmed" tt="uppercase">
              Pay to
            </Text>
            <Text size="sm">
              {invoice.pay_to.account_name}, {invoice.pay_to.bank_name} {invoice.pay_to.account_number}
            </Text>
          </Stack>
        )}
        <Text size="sm" c="dimmed" ta="center">
          Thank you for your business.
        </Text>
      </Stack>
    </Paper>
  );
}
