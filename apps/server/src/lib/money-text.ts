const formats = new Map<string, { format: Intl.NumberFormat; minorPerMajor: number }>();

function formatFor(currency: string) {
  let entry = formats.get(currency);
  if (!entry) {
    const format = new Intl.NumberFormat('en-NG', { style: 'currency', currency, currencyDisplay: 'code' });
    entry = { format, minorPerMajor: 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2) };
    formats.set(currency, entry);
  }
  return entry;
}

/** The number of minor units in a major unit of a currency: 100 for NGN, 1 for JPY. */
export function minorPerMajor(currency: string): number {
  return formatFor(currency).minorPerMajor;
}

/**
 * An amount in minor units as text for messages and mail: `NGN 1,500.00`. The code rather than
 * the sign, so it reads the same in every mail client and log viewer, in every currency.
 */
export function formatMoney(minor: number, currency: string): string {
  const { format, minorPerMajor: per } = formatFor(currency);
  return format.format(minor / per).replace(/\u00a0/g, ' ');
}

const signFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount in minor units as the screens show it, with the currency's sign: `₦1,500.00`
 * (the web app's `formatMoney`, same locale and options). For documents whose font has the sign.
 */
export function formatMoneySign(minor: number, currency: string): string {
  let format = signFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-NG', { style: 'currency', currency });
    signFormats.set(currency, format);
  }
  return format.format(minor / minorPerMajor(currency)).replace(/\u00a0/g, ' ');
}
