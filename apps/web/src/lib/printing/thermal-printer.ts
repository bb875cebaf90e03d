import type { ReceiptDocument } from '@tillbook/contract/receipt-escpos';
import type { PrinterProfile } from './printer-profile';

/**
 * Printing a receipt straight to a thermal printer (issue 35) over WebUSB, WebSerial or Web
 * Bluetooth, with the maintained drivers of the same family as the encoder. Everything here loads
 * on first use: a till that never prints directly downloads none of it.
 */

async function driverFor(
  connection: Exclude<PrinterProfile['connection'], 'page'>,
): Promise<ReceiptPrinterDriver> {
  switch (connection) {
    case 'serial':
      return new (await import('@point-of-sale/webserial-receipt-printer')).default({ baudRate: 9600 });
    case 'usb':
      return new (await import('@point-of-sale/webusb-receipt-printer')).default();
    case 'bluetooth':
      return new (await import('@point-of-sale/webbluetooth-receipt-printer')).default();
  }
}

/** A connected printer, kept for the page's life so each sale does not ask again. */
let open: { connection: string; driver: ReceiptPrinterDriver } | null = null;

export class PrinterNotConnected extends Error {}

/**
 * Connects to the profile's printer: first the one chosen before (no prompt), else, when `ask` is
 * true (a tap, as the browsers require), the browser's device chooser. Answers the device, for
 * the profile to remember.
 */
export async function connectPrinter(
  profile: PrinterProfile,
  ask: boolean,
): Promise<{ vendorId: number | null; productId: number | null }> {
  if (profile.connection === 'page')
    throw new PrinterNotConnected('This till prints through the print page.');
  if (open?.connection === profile.connection) return profile.device ?? { vendorId: null, productId: null };
  const driver = await driverFor(profile.connection);
  const connected = new Promise<ReceiptPrinterDevice>((resolve) =>
    driver.addEventListener('connected', resolve),
  );
  driver.addEventListener('disconnected', () => {
    if (open?.driver === driver) open = null;
  });
  if (profile.device) await driver.reconnect(profile.device);
  // The drivers answer nothing when no device was chosen: after the chooser closes, a short wait
  // for their `connected` event tells a chosen printer from a cancelled choice.
  const first = await Promise.race([connected, new Promise<null>((r) => setTimeout(() => r(null), 300))]);
  let device = first;
  if (!device && ask) {
    await driver.connect();
    device = await Promise.race([connected, new Promise<null>((r) => setTimeout(() => r(null), 1500))]);
  }
  if (!device)
    throw new PrinterNotConnected('No printer was chosen. Connect the printer in Settings → Receipts.');
  open = { connection: profile.connection, driver };
  return { vendorId: device.vendorId ?? null, productId: device.productId ?? null };
}

/** Prints a receipt on the profile's printer (connecting first when needed). */
export async function printReceipt(
  doc: ReceiptDocument,
  profile: PrinterProfile,
  ask = false,
): Promise<void> {
  const { encodeReceipt } = await import('@tillbook/contract/receipt-escpos');
  await connectPrinter(profile, ask);
  const bytes = encodeReceipt(doc, {
    width: profile.width,
    codepage: profile.codepage,
    drawer: profile.drawer,
  });
  await open!.driver.print(bytes);
}

/** A receipt to try the printer with: the store's name, each column edge, the currency mark. */
export function testReceipt(storeName: string, currency: string): ReceiptDocument {
  return {
    storeName,
    header: ['Test print'],
    title: 'PRINTER TEST',
    details: [['Printed', new Date().toLocaleString('en-GB')]],
    items: [
      {
        name: 'A long item name that wraps onto the next line on narrow paper',
        quantity: 2,
        unitPrice: 150_000,
        total: 300_000,
      },
    ],
    totals: [{ label: 'TOTAL', amount: 300_000, strong: true }],
    payment: [],
    currency,
    footer: ['If every line fits and nothing is cut short, the printer is ready.'],
    link: null,
  };
}
