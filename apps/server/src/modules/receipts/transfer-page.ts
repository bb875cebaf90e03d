import type { WalletTransaction } from '@tillbook/contract/wallet';
import { formatMoneySign } from '../../lib/money-text.js';
import { escapeHtml, PAGE_STYLE } from './receipt-page.js';

const STATUS_WORDS: Record<WalletTransaction['status'], string> = {
  pending: 'Pending',
  success: 'Successful',
  failed: 'Failed',
  reversed: 'Reversed',
};

/** The recipient's account with its middle hidden: the receiver knows it, a forwarded link need not show it. */
export const maskedAccount = (account: string | null) =>
  account && account.length > 4
    ? `${'•'.repeat(Math.max(0, account.length - 4))}${account.slice(-4)}`
    : (account ?? '');

/**
 * The page a shared transfer receipt opens (decision 0066): who sent how much to whom, the
 * bank, the reference to quote and where the transfer stands. Small and script-free, as the
 * sale receipt's page.
 */
export function transferPageHtml(input: {
  storeName: string;
  storePhone: string | null;
  transaction: WalletTransaction;
  currency: string;
  timeZone: string;
}): string {
  const tx = input.transaction;
  const money = (minor: number) => escapeHtml(formatMoneySign(minor, input.currency));
  const date = new Intl.DateTimeFormat('en-GB', {
    timeZone: input.timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const details: Array<[string, string]> = [
    ['Date', date.format(new Date(tx.created_at))],
    ['Status', STATUS_WORDS[tx.status]],
    ['To', tx.counterparty_name ?? ''],
    ['Bank', tx.counterparty_bank_name ?? ''],
    ['Account', maskedAccount(tx.counterparty_account)],
    ['Reference', tx.reference],
    ...(tx.narration ? ([['Narration', tx.narration]] as Array<[string, string]>) : []),
    ...(tx.status === 'failed' && tx.failure_reason
      ? ([['Reason', tx.failure_reason]] as Array<[string, string]>)
      : []),
  ];
  const dl = details
    .filter(([, value]) => value)
    .map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(`Transfer receipt · ${input.storeName}`)}</title><style>${PAGE_STYLE}</style></head>
<body><main><header><h1>${escapeHtml(input.storeName)}</h1>${input.storePhone ? `<p class="muted">${escapeHtml(input.storePhone)}</p>` : ''}</header>
<h2>TRANSFER RECEIPT</h2><table><tr class="sum total"><td>Amount</td><td class="n">${money(tx.amount)}</td></tr></table>
<dl>${dl}</dl></main></body></html>`;
}
