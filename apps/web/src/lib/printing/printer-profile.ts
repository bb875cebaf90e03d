import type { ReceiptWidth } from '@tillbook/contract/receipt-widths';

/**
 * This till's printer (issue 35): how it is reached, its paper, its code page, and what happens
 * after a sale. Kept on the device (a counter's printer is the counter's, not the store's), per
 * store, in local storage.
 */
export type PrinterConnection = 'usb' | 'serial' | 'bluetooth' | 'page';

export interface PrinterProfile {
  connection: PrinterConnection;
  width: ReceiptWidth;
  /** The printer's code page (most cheap 58 mm printers: cp437). */
  codepage: string;
  /** Print the receipt as soon as a sale is taken. */
  autoPrint: boolean;
  /** Open the cash drawer wired to the printer after a cash sale. */
  drawer: boolean;
  /** The device last chosen, to reconnect to without asking (USB and serial printers). */
  device: { vendorId: number | null; productId: number | null } | null;
}

export const DEFAULT_PROFILE: PrinterProfile = {
  connection: 'page',
  width: 58,
  codepage: 'cp437',
  autoPrint: false,
  drawer: false,
  device: null,
};

export const CODEPAGES = ['cp437', 'cp850', 'cp858', 'cp1252', 'iso8859-15'] as const;

const keyOf = (storeId: string) => `tillbook.printer.${storeId}`;

export function loadPrinterProfile(storeId: string | null): PrinterProfile {
  if (!storeId) return DEFAULT_PROFILE;
  try {
    const saved = JSON.parse(
      localStorage.getItem(keyOf(storeId)) ?? 'null',
    ) as Partial<PrinterProfile> | null;
    return { ...DEFAULT_PROFILE, ...(saved ?? {}) };
  } catch {
    return DEFAULT_PROFILE;
  }
}

export function savePrinterProfile(storeId: string, profile: PrinterProfile): void {
  localStorage.setItem(keyOf(storeId), JSON.stringify(profile));
}

/** The ways this browser can reach a printer itself: none on iOS or Firefox (they print the page). */
export function availableConnections(): PrinterConnection[] {
  const nav = navigator as Navigator & { usb?: unknown; serial?: unknown; bluetooth?: unknown };
  const ways: PrinterConnection[] = [];
  if (nav.usb) ways.push('usb');
  if (nav.serial) ways.push('serial');
  if (nav.bluetooth) ways.push('bluetooth');
  return [...ways, 'page'];
}

export const CONNECTION_LABELS: Record<PrinterConnection, string> = {
  usb: 'USB (WebUSB)',
  serial: 'Serial or USB serial (WebSerial)',
  bluetooth: 'Bluetooth (Web Bluetooth)',
  page: 'Print page (any printer, through the print dialog)',
};
