import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render';
import type { OfflineOutboxSale, QueuedCustomer } from '../../../lib/till-db';
import { CUSTOMER_NOT_SENT, NOT_ANSWERED } from '../outbox/outbox-store';
import { OfflineBar } from './offline-bar';
import type { OfflineTill } from './use-offline-till';

const sale = (over: Partial<OfflineOutboxSale>): OfflineOutboxSale => ({
  key: over.offlineNumber ?? 'k',
  storeId: 's',
  seq: 1,
  offlineNumber: 'OFF-ABC123-1',
  soldAt: '2026-11-26T10:00:00Z',
  body: { items: [], payment_type: 'cash' },
  receipt: {} as OfflineOutboxSale['receipt'],
  quote: {} as OfflineOutboxSale['quote'],
  state: 'queued',
  attempts: 0,
  ...NOT_ANSWERED,
  ...over,
});

const till = (over: Partial<OfflineTill>): OfflineTill => {
  const sales = over.sales ?? [];
  return {
    online: true,
    sales,
    unsent: sales.filter((s) => s.state !== 'sent'),
    customersWaiting: [],
    customersRefused: [],
    syncedAt: null,
    busy: false,
    offlineUntil: null,
    retry: vi.fn(async () => undefined),
    ...over,
  };
};

describe('OfflineBar', () => {
  it('says offline, how many sales wait, and holds "Retry now" back until the network is there', () => {
    renderScreen(
      <OfflineBar
        till={till({ online: false, sales: [sale({}), sale({ offlineNumber: 'OFF-ABC123-2' })] })}
      />,
    );
    expect(screen.getByText('Offline')).toBeInTheDocument();
    expect(screen.getByTestId('queued-sales')).toHaveTextContent('2 sales waiting to be sent');
    expect(screen.getByRole('button', { name: 'Retry now' })).toBeDisabled();
  });

  it('retries on demand and lists what the store made of each sale, decisions first in the count', async () => {
    const t = till({
      sales: [
        sale({
          state: 'sent',
          orderNumber: 'ORD-000007',
          offlineState: 'needs_review',
          offlineNumber: 'OFF-ABC123-1',
        }),
        sale({ state: 'needs_decision', error: 'Product not found', offlineNumber: 'OFF-ABC123-2' }),
        sale({ state: 'queued', offlineNumber: 'OFF-ABC123-3' }),
      ],
    });
    renderScreen(<OfflineBar till={t} />);
    expect(screen.getByTestId('queued-sales')).toHaveTextContent(
      '2 sales waiting to be sent · 2 need a decision',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry now' }));
    expect(t.retry).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Offline sales' }));
    const table = screen.getByRole('table', { name: 'Offline sales' });
    expect(table).toHaveTextContent('ORD-000007 · needs review');
    expect(table).toHaveTextContent('Product not found');
  });

  it('counts customers added offline, says which could not be added, and says a sale went to an existing customer', async () => {
    const customer = (over: Partial<QueuedCustomer>): QueuedCustomer => ({
      key: 'till-customer-1',
      storeId: 's',
      seq: 1,
      body: { first_name: 'Chidi', last_name: 'Okeke', phone_number: '08031234567' },
      addedAt: '2026-11-26T10:00:00Z',
      ...CUSTOMER_NOT_SENT,
      ...over,
    });
    renderScreen(
      <OfflineBar
        till={till({
          online: true,
          sales: [
            sale({
              state: 'sent',
              orderNumber: 'ORD-000009',
              customerNote: 'The phone number 08031234567 already belongs to Ngozi Eze.',
            }),
          ],
          customersWaiting: [customer({})],
          customersRefused: [
            customer({ key: 'till-customer-2', state: 'needs_decision', error: 'Bad name' }),
          ],
        })}
      />,
    );
    expect(screen.getByTestId('queued-sales')).toHaveTextContent('No sales waiting · 1 new customer waiting');
    expect(screen.getByText(/could not be added/)).toHaveTextContent(
      'Chidi Okeke could not be added: Bad name',
    );
    // A customer waiting alone is something to send.
    expect(screen.getByRole('button', { name: 'Retry now' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Offline sales' }));
    expect(screen.getByRole('table', { name: 'Offline sales' })).toHaveTextContent(
      'ORD-000009 · The phone number 08031234567 already belongs to Ngozi Eze.',
    );
  });
});
