/**
 * Camera scanning at the till (issue 31, decision 0056): the browser's `BarcodeDetector` where
 * it has one (Chrome on Android), else the `barcode-detector` package (ZXing compiled to
 * WebAssembly). This module is loaded only when the cashier presses the camera button, with the
 * camera dialog, so none of it is in the till's first load.
 */

/** What the till reads from a detector: the same shape from the browser's and the package's. */
export interface Detector {
  detect(source: ImageBitmapSource): Promise<ReadonlyArray<{ rawValue: string }>>;
}

interface DetectorClass {
  new (options?: { formats?: string[] }): Detector;
  getSupportedFormats?: () => Promise<string[]>;
}

/** The codes on shop goods and shelf labels. */
export const SCAN_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128', 'code_39', 'itf', 'qr_code'];

/** The browser's detector when it reads at least one of our formats, else the package's. */
export async function loadDetector(
  native: DetectorClass | undefined = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector,
  fallback: () => Promise<DetectorClass> = loadPackageDetector,
): Promise<Detector> {
  if (native) {
    const supported = (await native.getSupportedFormats?.().catch(() => [])) ?? [];
    const formats = SCAN_FORMATS.filter((f) => supported.includes(f));
    if (formats.length) return new native({ formats });
  }
  return new (await fallback())({ formats: SCAN_FORMATS });
}

async function loadPackageDetector(): Promise<DetectorClass> {
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    // The WebAssembly from this app's own files (the package would fetch it from a CDN): it then
    // comes from the same server as the till, and works where only that server is reachable.
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  // Compiled now, not at the first frame: a reader that cannot load (offline before it was ever
  // fetched, a policy refusing WebAssembly) is then said at once instead of a scan that never reads.
  try {
    await prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
      },
      fireImmediately: true,
    });
  } catch {
    const error = new Error('The barcode reader could not be loaded');
    error.name = 'ReaderNotLoaded';
    throw error;
  }
  return BarcodeDetector as unknown as DetectorClass;
}

/** What the cashier is told when the camera cannot be used; they can still type or scan the code. */
export function cameraProblem(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'The camera permission was refused. Allow the camera for this site in the browser settings, or type the code in the scan box.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NoCamera')
    return 'No camera was found on this device. Type the code in the scan box, or use a barcode scanner.';
  if (name === 'ReaderNotLoaded')
    return 'The barcode reader could not be loaded: it needs the internet the first time it is used on this device. Type the code in the scan box instead.';
  if (name === 'NotReadableError')
    return 'The camera is in use by another app. Close it and try again, or type the code in the scan box.';
  return 'The camera could not be started. Type the code in the scan box instead.';
}

/** The camera of the device, the back one on a phone; throws a `NoCamera` error when there is none. */
export async function openCamera(
  media: MediaDevices | undefined = navigator.mediaDevices,
): Promise<MediaStream> {
  if (!media?.getUserMedia) {
    const error = new Error('No camera');
    error.name = 'NoCamera';
    throw error;
  }
  return media.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
}

/**
 * Reads codes from frames: each code once, then again only after `repeatMs` without seeing it
 * (the same tin held in front of the camera is one item; shown again later, another).
 */
export function codeReader(detector: Detector, repeatMs = 1500, now: () => number = Date.now) {
  const lastSeen = new Map<string, number>();
  return async (frame: ImageBitmapSource): Promise<string[]> => {
    const found = await detector.detect(frame);
    const at = now();
    const fresh: string[] = [];
    for (const { rawValue } of found) {
      const code = rawValue.trim();
      if (!code) continue;
      const before = lastSeen.get(code);
      lastSeen.set(code, at);
      if (before === undefined || at - before > repeatMs) fresh.push(code);
    }
    return fresh;
  };
}
