import { Portal } from '@mantine/core';
import type { Order } from '@tillbook/contract/orders';
import { statusLabel } from './status-badge';
import { useCurrentStore, useStoreLocale } from '../lib/current-user';
import { formatDateTime, formatMoney } from '../lib/format';
import { PAYMENT_TYPE_LABELS } from '../lib/payment-types';
import { lineLabel } from '../lib/line-label';

// Its stylesheet (receipt.css) is part of the app's first stylesheet (main.tsx).

/**
 * The till receipt of a sale: `screen` shows it in the page (never printed); `print` is the
 * copy that alone goes on paper (an 80 mm roll), kept at the top of the body so nothing of the
 * page's layout shifts it.
 */
export function Receipt({ order, mode }: { order: Order; mode: 'screen' | 'print' }) {
  if (mode === 'print') {
    return (
      <Portal>
        <ReceiptBody order={order} className="receipt receipt--print-only" />
      </Portal>
    );
  }
  return <ReceiptBody order={order} className="receipt receipt--screen" />;
}

function ReceiptBody({ order, className }: { order: Order; className: string }) {
  const store = useCurrentStore();
  const { timezone } = useStoreLocale();
  const money = (minor: number) => formatMoney(minor, order.currency);
  const address = [store?.address, store?.city, store?.state].filter(Boolean).join(', ');
  return (
    <div className={className} aria-label={`Receipt ${order.number}`} role="document">
      <h3>{store?.business_name ?? 'Receipt'}</h3>
      {address && <div className="receipt-centre">{address}</div>}
      {store?.phone_number && <div className="receipt-centre">{store.phone_number}</div>}
      <hr />
      <div>
        {order.payment_state === 'paid' ? 'Receipt' : 'Sale'} {order.number}
      </div>
      {/* A sale made offline: the device's number, and until the store has it, "pending". */}
      {order.offline_number && order.offline_number !== order.number && (
        <div>Offline sale {order.offline_number}</div>
      )}
      {order.offline_number && !order.offline_state && <div className="receipt-centre">OFFLINE, PENDING</div>}
      <div>{formatDateTime(order.created_at, timezone)}</div>
      {order.created_by.name && <div>Served by {order.created_by.name}</div>}
      <div>Customer: {order.customer?.name ?? 'Walk-in'}</div>
      <hr />
      <table>
        <tbody>
          {order.items.map((i) => (
            <tr key={i.id}>
              <td>
                {lineLabel(i)}
                <br />
                {i.quantity} × {money(i.unit_price)}
                {i.discount > 0 ? ` − ${money(i.discount)}` : ''}
              </td>
              <td className="num">{money(i.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <hr />
      <table>
        <tbody>
          <tr>
            <td>Subtotal</td>
            <td className="num">{money(order.subtotal)}</td>
          </tr>
          {order.discount > 0 && (
            <tr>
              <td>Discount{order.discount_code ? ` (${order.discount_code})` : ''}</td>
              <td className="num">−{money(order.discount)}</td>
            </tr>
          )}
          {order.taxes.map((t) => (
            <tr key={t.name}>
              <td>
                {t.name} {t.rate}%{order.tax_inclusive ? ' (included)' : ''}
              </td>
              <td className="num">{money(t.amount)}</td>
            </tr>
          ))}
          {order.shipping > 0 && (
            <tr>
              <td>Shipping{order.shipping_name ? ` (${order.shipping_name})` : ''}</td>
              <td className="num">{money(order.shipping)}</td>
            </tr>
          )}
          <tr className="receipt-total">
            <td>Total</td>
            <td className="num">{money(order.total)}</td>
          </tr>
          <tr>
            <td>Paid ({PAYMENT_TYPE_LABELS[order.payment_type] ?? order.payment_type})</td>
            <td className="num">{money(order.amount_received + order.change_due)}</td>
          </tr>
          {order.change_due > 0 && (
            <tr>
              <td>Change</td>
              <td className="num">{money(order.change_due)}</td>
            </tr>
          )}
          {order.amount_outstanding > 0 && (
            <tr>
              <td>Balance due</td>
              <td className="num">{money(order.amount_outstanding)}</td>
            </tr>
          )}
        </tbody>
      </table>
      <hr />
      <div className="receipt-centre">
        {order.items_count} item{order.items_count === 1 ? '' : 's'} · {statusLabel(order.payment_state)}
      </div>
      <div className="receipt-centre">Thank you for your patronage!</div>
    </div>
  );
}
