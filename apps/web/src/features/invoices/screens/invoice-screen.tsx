import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconMail, IconPrinter } from '@tabler/icons-react';
import type { Order } from '@tillbook/contract/orders';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { messageOf } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { downloadInvoicePdf, useEmailInvoice, useInvoice, useInvoiceOrders } from '../api/invoice';
import { InvoiceDocument } from '../components/invoice-document';
import { ShareReceiptButtons } from '../../../components/share-receipt';
import { paths } from '../../../config/paths';

/** Which order's invoice: `?order=<id>`, or chosen here from recent orders. */
function OrderChooser({
  value,
  current,
  onChange,
}: {
  value: string | null;
  /** The order shown, kept among the options so its label stays while searching. */
  current: Order | null;
  onChange: (id: string | null) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const label = (o: Order) => `${o.number} · ${o.customer?.name ?? 'Walk-in'}`;
  // Once chosen, the search box shows the order's label: that is not a new search.
  const orders = useInvoiceOrders(current && debounced === label(current) ? '' : debounced);
  const found = orders.data ?? [];
  const options = current && !found.some((o) => o.id === current.id) ? [current, ...found] : found;
  return (
    <Select
      label="Order"
      placeholder="Search number, customer or phone"
      searchable
      maw={480}
      data={options.map((o) => ({ value: o.id, label: label(o) }))}
      renderOption={({ option }) => {
        const o = options.find((x) => x.id === option.value);
        return (
          <Group justify="space-between" wrap="nowrap" w="100%">
            <Text size="sm">{option.label}</Text>
            {o && (
              <Text size="xs" c="dimmed">
                {formatMoney(o.total, o.currency)}
              </Text>
            )}
          </Group>
        );
      }}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={orders.isPending ? 'Loading…' : 'No order matches'}
      onChange={onChange}
    />
  );
}

/** paths.invoice: the invoice, or the receipt once paid, of an order: print, PDF, email. */
export default function InvoiceScreen() {
  const [params, setParams] = useSearchParams();
  const orderId = params.get('order');
  const invoice = useInvoice(orderId);
  const [downloading, setDownloading] = useState(false);
  const email = useEmailInvoice({
    onSuccess: () => notify.success('Invoice sent'),
    onError: (error) => notify.error(messageOf(error)),
  });
  const choose = (id: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set('order', id);
        else next.delete('order');
        return next;
      },
      { replace: false },
    );

  const download = async (layout: 'a4' | 'receipt') => {
    if (!orderId) return;
    setDownloading(true);
    try {
      await downloadInvoicePdf(orderId, layout);
    } catch (error) {
      notify.error(messageOf(error));
    } finally {
      setDownloading(false);
    }
  };

  const data = invoice.data;
  const title = data
    ? `${data.kind === 'receipt' ? 'Receipt' : 'Invoice'} ${data.invoice_number}`
    : 'Invoices';

  return (
    <Stack gap="lg">
      <PageHeader
        title={title}
        breadcrumbs={[
          { label: 'Sales' },
          { label: 'Orders', to: paths.orders },
          ...(data ? [{ label: data.order.number, to: paths.order(data.order.id) }] : []),
          { label: 'Invoice' },
        ]}
        actions={
          data ? (
            <Group gap="sm">
              <Button
                variant="default"
                leftSection={<IconPrinter size={16} />}
                onClick={() => window.print()}
              >
                Print
              </Button>
              <Button
                variant="default"
                leftSection={<IconDownload size={16} />}
                loading={downloading}
                onClick={() => void download('a4')}
              >
                Download PDF
              </Button>
              <Button
                variant="default"
                loading={downloading}
                onClick={() => void download('receipt')}
                visibleFrom="sm"
              >
                80 mm PDF
              </Button>
              <Button
                leftSection={<IconMail size={16} />}
                loading={email.isPending}
                disabled={!data.order.customer?.email_address}
                title={data.order.customer?.email_address ? undefined : 'The customer has no email address'}
                onClick={() => email.mutate(data.order.id)}
              >
                Email to customer
              </Button>
            </Group>
          ) : undefined
        }
      />
      <Paper withBorder radius="md" p="md">
        <OrderChooser value={orderId} current={invoice.data?.order ?? null} onChange={choose} />
        {data && !data.order.customer?.email_address && (
          <Text size="xs" c="dimmed" mt={6}>
            {data.order.customer
              ? 'Add an email address to the customer to email this invoice.'
              : 'A walk-in sale has no one to email: print it or download the PDF.'}
          </Text>
        )}
      </Paper>
      {data && (
        <Paper withBorder radius="md" p="md">
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              Send or print the {data.kind === 'receipt' ? 'receipt' : 'invoice'}
            </Text>
            <ShareReceiptButtons orderId={data.order.id} phone={data.order.customer?.phone_number ?? null} />
          </Stack>
        </Paper>
      )}
      {!orderId ? (
        <Paper withBorder radius="md">
          <EmptyState
            title="Choose an order"
            description="Pick an order above to see its invoice, or open one from its order page."
            action={
              <Button component={Link} to={paths.orders} variant="default">
                Go to orders
              </Button>
            }
          />
        </Paper>
      ) : invoice.isPending ? (
        <LoadingState rows={8} label="Loading invoice" />
      ) : invoice.isError ? (
        <ErrorState error={invoice.error} onRetry={() => void invoice.refetch()} />
      ) : (
        <InvoiceDocument invoice={invoice.data} />
      )}
    </Stack>
  );
}
