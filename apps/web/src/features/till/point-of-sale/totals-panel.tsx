import { Alert, Divider, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Money } from '../../../components/money';
import { messageOf } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import type { PosQuote } from './use-pos-quote';

/** Subtotal, discount, taxes, shipping and the total, as the server priced the cart. */
export function TotalsPanel({
  priced,
  empty,
  currency,
}: {
  priced: PosQuote;
  /** No lines: the total is zero without asking the server. */
  empty: boolean;
  currency: string;
}) {
  const { quote, fields, fresh, total } = priced;
  const data = quote.data;
  return (
    <Paper withBorder radius="md" p="md" aria-label="Totals">
      <Stack gap={6}>
        {quote.isError && !fields.discount_code ? (
          <Alert color="red" variant="light" title="Could not price the cart" role="alert">
            {messageOf(quote.error)}
          </Alert>
        ) : null}
        <TotalRow label="Subtotal" value={data?.subtotal} loading={quote.isFetching} />
        {(data?.discount ?? 0) > 0 && (
          <TotalRow
            label={`Discount${data?.discount_code ? ` (${data.discount_code})` : ''}`}
            value={-(data?.discount ?? 0)}
            loading={quote.isFetching}
          />
        )}
        {data?.taxes.map((t) => (
          <TotalRow
            key={t.name}
            label={`${t.name} ${t.rate}%${data.tax_inclusive ? ' (included)' : ''}`}
            value={t.amount}
            loading={quote.isFetching}
          />
        ))}
        {data?.shipping_name != null && (
          <TotalRow
            label={`Shipping (${data.shipping_name})`}
            value={data.shipping}
            loading={quote.isFetching}
          />
        )}
        <Divider my={4} />
        <Group justify="space-between">
          <Title order={3}>Total</Title>
          <Title order={3} aria-label="Order total">
            {empty ? (
              formatMoney(0, currency)
            ) : data && fresh ? (
              formatMoney(total, currency)
            ) : (
              <Loader size="sm" />
            )}
          </Title>
        </Group>
      </Stack>
    </Paper>
  );
}

function TotalRow({ label, value, loading }: { label: string; value: number | undefined; loading: boolean }) {
  return (
    <Group justify="space-between" style={{ opacity: loading ? 0.6 : 1 }}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value === undefined ? '—' : <Money minor={value} />}</Text>
    </Group>
  );
}
