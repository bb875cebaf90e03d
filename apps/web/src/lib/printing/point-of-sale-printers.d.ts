// The printer drivers ship no types: what Tillbook uses of them (the same in all three).
interface ReceiptPrinterDevice {
  type: 'usb' | 'serial' | 'bluetooth';
  vendorId?: number | null;
  productId?: number | null;
  id?: string;
  language?: string | null;
  codepageMapping?: string | null;
}

interface ReceiptPrinterDriver {
  connect(): Promise<void>;
  reconnect(device: Partial<ReceiptPrinterDevice>): Promise<void>;
  disconnect(): Promise<void>;
  print(data: Uint8Array): Promise<void>;
  addEventListener(event: 'connected', listener: (device: ReceiptPrinterDevice) => void): void;
  addEventListener(event: 'disconnected', listener: () => void): void;
}

declare module '@point-of-sale/webserial-receipt-printer' {
  const Driver: new (options?: { baudRate?: number }) => ReceiptPrinterDriver;
  export default Driver;
}
declare module '@point-of-sale/webusb-receipt-printer' {
  const Driver: new () => ReceiptPrinterDriver;
  export default Driver;
}
declare module '@point-of-sale/webbluetooth-receipt-printer' {
  const Driver: new () => ReceiptPrinterDriver;
  export default Driver;
}
