import type { CustomerAccount } from '@tillbook/contract/customer-accounts';
import { formatMoneySign } from '../../lib/money-text.js';
import { escapeHtml, PAGE_STYLE } from './receipt-page.js';

const KIND_WORDS: Record<string, string> = {
  sale: 'Sale on account',
  repayment: 'Payment',
  refund: 'Refund',
  write_off: 'Written off',
  credit: 'Credit',
  credit_used: 'Credit used',
};

/**
 * The page a shared statement link opens (decision 0066): what the customer owes the store and
 * the latest entries of their account, with the whole statement as a PDF. Small and script-free,
 * as the receipt's page.
 */
export function statementPageHtml(input: {
  storeName: string;
  storePhone: string | null;
  customerName: string;
  account: CustomerAccount;
  timeZone: string;
  pdfUrl: string;
}): string {
  const { account } = input;
  const money = (minor: number) => escapeHtml(formatMoneySign(minor, account.currency));
  const date = new Intl.DateTimeFormat('en-GB', { timeZone: input.timeZone, dateStyle: 'medium' });
  const owed =
    account.balance > 0
      ? `<tr class="sum total due"><td>You owe</td><td class="n">${money(account.balance)}</td></tr>`
      : account.balance < 0
        ? `<tr class="sum total"><td>Credit held for you</td><td class="n">${money(-account.balance)}</td></tr>`
        : `<tr class="sum total"><td>Owed</td><td class="n">${money(0)}</td></tr>`;
  const rows = account.entries
    .map(
      (e) =>
        `<tr><td>${escapeHtml(KIND_WORDS[e.kind] ?? e.kind)}${e.order_number ? ` · ${escapeHtml(e.order_number)}` : ''}<div class="sub">${escapeHtml(date.format(new Date(e.created_at)))} · balance ${money(e.balance_after)}</div></td><td class="n">${money(e.amount)}</td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(`Statement · ${input.storeName}`)}</title><style>${PAGE_STYLE}</style></head>
<body><main><header><h1>${escapeHtml(input.storeName)}</h1>${input.storePhone ? `<p class="muted">${escapeHtml(input.storePhone)}</p>` : ''}</header>
<h2>STATEMENT OF ACCOUNT</h2><dl><dt>Customer</dt><dd>${escapeHtml(input.customerName)}</dd><dt>As of</dt><dd>${escapeHtml(date.format(new Date()))}</dd></dl>
<table>${owed}</table><h2>Latest entries</h2><table>${rows || '<tr><td>No entries yet.</td></tr>'}</table>
<div class="pdf"><a href="${escapeHtml(input.pdfUrl)}">Whole statement (PDF)</a></div></main></body></html>`;
}
