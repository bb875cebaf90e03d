import type { Invoice } from '@tillbook/contract/orders';
import type { ReceiptSettings } from '@tillbook/contract/receipts';
import { formatMoneySign } from '../../lib/money-text.js';

/**
 * The page a shared receipt link opens (decision 0066): one small HTML document with its style
 * inline, no script and no font or image other than the store's logo, so it opens fast on a
 * cheap phone on a slow network (a few kilobytes; the test holds it under 50 KB).
 */

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export const PAGE_STYLE = `*{box-sizing:border-box}body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f4f4f5}
main{max-width:440px;margin:0 auto;background:#fff;padding:20px 18px 28px;min-height:100vh}
header{text-align:center;border-bottom:1px dashed #bbb;padding-bottom:12px}header img{max-height:56px;max-width:160px}
h1{font-size:20px;margin:6px 0 2px}h2{font-size:15px;letter-spacing:.08em;margin:14px 0 6px;text-align:center}
.muted{color:#555;font-size:13px;margin:0}dl{display:grid;grid-template-columns:auto 1fr;gap:2px 12px;margin:0 0 10px;font-size:14px}
dt{color:#555}dd{margin:0;text-align:right;min-width:0;overflow-wrap:anywhere}table{width:100%;border-collapse:collapse;font-size:14px}
td{padding:6px 0;vertical-align:top;border-bottom:1px solid #eee}td.n{text-align:right;white-space:nowrap;padding-left:10px}
.sub{color:#555;font-size:13px}.sum td{border:0;padding:3px 0}.total td{font-weight:700;font-size:17px;border-top:2px solid #1a1a1a;padding-top:8px}
.due td{color:#b42318;font-weight:700}.paid{display:inline-block;background:#e7f6ec;color:#146c2e;border-radius:99px;padding:2px 10px;font-size:13px;font-weight:600}
.pdf{display:flex;gap:10px;margin-top:18px}.pdf a{flex:1;text-align:center;padding:11px 0;border:1px solid #1a1a1a;border-radius:8px;color:#1a1a1a;text-decoration:none;font-weight:600}
footer{text-align:center;margin-top:18px;color:#555;font-size:13px;white-space:pre-line}`;

export function receiptPageHtml(input: {
  invoice: Invoice;
  settings: ReceiptSettings;
  timeZone: string;
  pdfUrl: (layout: 'a4' | 'receipt') => string;
}): string {
  const { invoice, settings } = input;
  const { store, order } = invoice;
  const money = (minor: number) => escapeHtml(formatMoneySign(minor, order.currency));
  const when = new Intl.DateTimeFormat('en-GB', {
    timeZone: input.timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(order.created_at));
  const place = [store.address, store.city, store.state].filter(Boolean).join(', ');
  const details: Array<[string, string]> = [
    [invoice.kind === 'receipt' ? 'Receipt' : 'Invoice', invoice.invoice_number],
    ['Order', order.number],
    ['Date', when],
  ];
  if (settings.show_cashier && order.created_by.name) details.push(['Cashier', order.created_by.name]);
  if (settings.show_customer && order.customer?.name) details.push(['Customer', order.customer.name]);
  const items = order.items
    .map((i) => {
      const name = [i.name, i.variant_name, i.pack].filter(Boolean).join(' · ');
      return `<tr><td>${escapeHtml(name)}<div class="sub">${i.quantity} × ${money(i.unit_price)}</div></td><td class="n">${money(i.total)}</td></tr>`;
    })
    .join('');
  const sums: Array<[string, number, string?]> = [['Subtotal', order.subtotal]];
  if (order.discount > 0)
    sums.push([order.discount_code ? `Discount (${order.discount_code})` : 'Discount', -order.discount]);
  for (const tax of order.taxes)
    sums.push([`${tax.name} ${tax.rate}%${order.tax_inclusive ? ' (included)' : ''}`, tax.amount]);
  if (order.shipping > 0) sums.push([order.shipping_name ?? 'Shipping', order.shipping]);
  sums.push(['Total', order.total, 'total']);
  if (order.amount_received > 0)
    sums.push([`Paid (${order.payment_type.replace('_', ' ')})`, order.amount_received]);
  if (order.change_due > 0) sums.push(['Change', order.change_due]);
  if (order.amount_refunded > 0) sums.push(['Refunded', -order.amount_refunded]);
  if (invoice.balance_due > 0) sums.push(['Balance due', invoice.balance_due, 'due']);
  const sumRows = sums
    .map(
      ([label, amount, cls]) =>
        `<tr class="sum ${cls ?? ''}"><td>${escapeHtml(label)}</td><td class="n">${money(amount)}</td></tr>`,
    )
    .join('');
  const logo = settings.show_logo && store.logo_url ? `<img src="${escapeHtml(store.logo_url)}" alt="">` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(`${invoice.kind === 'receipt' ? 'Receipt' : 'Invoice'} ${order.number} · ${store.business_name}`)}</title><style>${PAGE_STYLE}</style></head>
<body><main><header>${logo}<h1>${escapeHtml(store.business_name)}</h1>${place ? `<p class="muted">${escapeHtml(place)}</p>` : ''}${
    store.phone_number ? `<p class="muted">${escapeHtml(store.phone_number)}</p>` : ''
  }${settings.header_text ? `<p class="muted">${escapeHtml(settings.header_text)}</p>` : ''}</header>
<h2>${invoice.kind === 'receipt' ? 'RECEIPT <span class="paid">Paid</span>' : 'INVOICE'}</h2>
<dl>${details.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>
<table>${items}</table><table>${sumRows}</table>
<div class="pdf"><a href="${escapeHtml(input.pdfUrl('a4'))}">PDF (A4)</a><a href="${escapeHtml(input.pdfUrl('receipt'))}">PDF (80 mm)</a></div>
<footer>${escapeHtml(settings.footer_text ?? 'Thank you for your patronage.')}</footer></main></body></html>`;
}
