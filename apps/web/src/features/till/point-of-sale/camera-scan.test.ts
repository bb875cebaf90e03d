import { describe, expect, it, vi } from 'vitest';
import { withTypedQuantity } from './camera-code';
import {
  cameraProblem,
  codeReader,
  loadDetector,
  openCamera,
  SCAN_FORMATS,
  type Detector,
} from './camera-scan';

const frame = {} as ImageBitmapSource;

/** A detector that answers the given codes, one call after another. */
function stubDetector(...answers: string[][]): Detector & { detect: ReturnType<typeof vi.fn> } {
  const detect = vi.fn(async () => (answers.shift() ?? []).map((rawValue) => ({ rawValue })));
  return { detect };
}

describe('loadDetector', () => {
  it("uses the browser's BarcodeDetector with the formats it reads", async () => {
    const made: Array<{ formats?: string[] }> = [];
    class Native {
      static getSupportedFormats = async () => ['ean_13', 'qr_code', 'aztec'];
      constructor(options?: { formats?: string[] }) {
        made.push(options ?? {});
      }
      detect = async () => [];
    }
    const fallback = vi.fn();
    await loadDetector(Native, fallback);
    expect(made).toEqual([{ formats: ['ean_13', 'qr_code'] }]);
    expect(fallback).not.toHaveBeenCalled();
  });

  it("falls back to the package's detector without one, or when the browser's reads none of our formats", async () => {
    const made: Array<{ formats?: string[] }> = [];
    class Package {
      constructor(options?: { formats?: string[] }) {
        made.push(options ?? {});
      }
      detect = async () => [];
    }
    const fallback = vi.fn(async () => Package);
    await loadDetector(undefined, fallback);
    class Useless {
      static getSupportedFormats = async () => ['aztec'];
      detect = async () => [];
    }
    await loadDetector(Useless, fallback);
    expect(fallback).toHaveBeenCalledTimes(2);
    expect(made).toEqual([{ formats: SCAN_FORMATS }, { formats: SCAN_FORMATS }]);
  });
});

describe('codeReader', () => {
  it('hands each code on once while it stays in view, and again once it was gone a while', async () => {
    let now = 0;
    const detector = stubDetector(
      ['6151234567890'],
      ['6151234567890', ' PEAK-400 '],
      ['6151234567890'],
      [],
      [''],
    );
    const read = codeReader(detector, 1500, () => now);
    expect(await read(frame)).toEqual(['6151234567890']);
    now = 200;
    expect(await read(frame)).toEqual(['PEAK-400']);
    now = 2000;
    // Seen at 200, so 1800 ms later it counts as a second item.
    expect(await read(frame)).toEqual(['6151234567890']);
    expect(await read(frame)).toEqual([]);
    expect(await read(frame)).toEqual([]);
    expect(detector.detect).toHaveBeenCalledTimes(5);
  });
});

describe('withTypedQuantity', () => {
  it('keeps a typed "3*" so the camera scan multiplies; anything else typed is replaced', () => {
    expect(withTypedQuantity('3*', '6151234567890')).toBe('3*6151234567890');
    expect(withTypedQuantity(' 12 x ', 'PEAK-400')).toBe('12*PEAK-400');
    expect(withTypedQuantity('', 'PEAK-400')).toBe('PEAK-400');
    expect(withTypedQuantity('61512', 'PEAK-400')).toBe('PEAK-400');
  });
});

describe('the camera', () => {
  it('says clearly when there is no camera or the permission was refused', async () => {
    const refused = new DOMException('Permission denied', 'NotAllowedError');
    expect(cameraProblem(refused)).toContain('camera permission was refused');
    expect(cameraProblem(new DOMException('none', 'NotFoundError'))).toContain('No camera was found');
    await expect(openCamera(undefined)).rejects.toMatchObject({ name: 'NoCamera' });
    const noCamera = await openCamera(undefined).catch((error: unknown) => cameraProblem(error));
    expect(noCamera).toContain('No camera was found');
    expect(cameraProblem(new Error('boom'))).toContain('could not be started');
    const notLoaded = Object.assign(new Error('x'), { name: 'ReaderNotLoaded' });
    expect(cameraProblem(notLoaded)).toContain('barcode reader could not be loaded');
  });

  it('asks for the back camera, without sound', async () => {
    const stream = {} as MediaStream;
    const getUserMedia = vi.fn(async () => stream);
    expect(await openCamera({ getUserMedia } as unknown as MediaDevices)).toBe(stream);
    expect(getUserMedia).toHaveBeenCalledWith({
      video: { facingMode: { ideal: 'environment' } },
      audio: false,
    });
  });
});
