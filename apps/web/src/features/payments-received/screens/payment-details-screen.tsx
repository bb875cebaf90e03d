import { Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { Fact } from '../../../components/details';
import { DateTime, Money } from '../../../components/money';
import { PageHeader } from '../../../components/page-header';
import { ErrorState, LoadingState, Section } from '../../../components/states';
import { usePayment } from '../api/list-payments';
import { modeLabel } from '../../../lib/payment-modes';
import { paths } from '../../../config/paths';

/** `/purchase/payments-received/{id}`: one payment and the order it paid. */
export default function PaymentDetailsScreen() {
  const { id } = useParams();
  const payment = usePayment(id);
  if (payment.isPending) return <LoadingState rows={6} label="Loading payment" />;
  if (payment.isError) return <ErrorState error={payment.error} onRetry={() => void payment.refetch()} />;
  const p = payment.data;
  return (
    <Stack gap="lg">
      <PageHeader
        title={p.number}
        breadcrumbs={[
          { label: 'Purchasing' },
          { label: 'Payments received', to: paths.paymentsReceived },
          { label: p.number },
        ]}
      />
      <Section title="Payment">
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
          <Fact label="Amount">
            <Money minor={p.amount} />
          </Fact>
          <Fact label="Date">
            <DateTime iso={p.payment_date} />
          </Fact>
          <Fact label="Mode">{modeLabel(p.payment_mode)}</Fact>
          <Fact label="Order">
            <Anchor component={Link} to={paths.order(p.order_id)} size="sm">
              {p.order_number}
            </Anchor>
          </Fact>
          <Fact label="Customer">
            {p.customer_id ? (
              <Anchor component={Link} to={paths.customer(p.customer_id)} size="sm">
                {p.customer_name}
              </Anchor>
            ) : (
              'Walk-in'
            )}
          </Fact>
          <Fact label="Reference">{p.reference}</Fact>
          <Fact label="Taken">{p.source === 'order' ? 'With the sale' : 'After the sale'}</Fact>
          <Fact label="Recorded by">{p.recorded_by.name}</Fact>
          <Fact label="Recorded at">
            <DateTime iso={p.created_at} />
          </Fact>
        </SimpleGrid>
        {p.note && (
          <Text size="sm" mt="md">
            {p.note}
          </Text>
        )}
      </Section>
    </Stack>
  );
}
