import type { PurchaseOrder } from '@tillbook/contract/purchase-orders';
import { useCurrentStore, useStoreLocale } from '../../../lib/current-user';
import { formatMoney } from '../../../lib/format';
import { poLineLabel } from './po-lines';
import './purchase-order-print.css';

/** The purchase order as printed (or saved as PDF from the print dialog). */
export function PurchaseOrderDocument({ order }: { order: PurchaseOrder }) {
  const store = useCurrentStore();
  const { currency } = useStoreLocale();
  const money = (minor: number) => formatMoney(minor, currency);
  return (
    <div className="po-document" aria-hidden>
      <h1 style={{ margin: 0 }}>Purchase order {order.number}</h1>
      <p>
        <strong>{store?.business_name}</strong>
        <br />
        {[store?.address, store?.city, store?.state, store?.country].filter(Boolean).join(', ')}
        {store?.phone_number ? ` · ${store.phone_number}` : ''}
      </p>
      <p>
        To: <strong>{order.vendor.name}</strong>
        <br />
        Order date: {order.order_date}
        {order.expected_date ? ` · Expected: ${order.expected_date}` : ''} · Status:{' '}
        {order.status.replace('_', ' ')}
      </p>
      <table>
        <thead>
          <tr>
            <th>Product</th>
            <th>SKU</th>
            <th className="num">Quantity</th>
            <th className="num">Unit cost</th>
            <th className="num">Total</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((i) => (
            <tr key={i.id}>
              <td>{poLineLabel(i)}</td>
              <td>{i.sku}</td>
              <td className="num">{i.quantity}</td>
              <td className="num">{money(i.unit_cost)}</td>
              <td className="num">{money(i.line_total)}</td>
            </tr>
          ))}
          <tr>
            <td colSpan={4} className="num">
              <strong>Total</strong>
            </td>
            <td className="num">
              <strong>{money(order.total)}</strong>
            </td>
          </tr>
        </tbody>
      </table>
      {order.notes && <p>Notes: {order.notes}</p>}
    </div>
  );
}
