import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A camera for the browser tests: Chromium plays a Y4M file as the camera's picture
 * (`--use-file-for-fake-video-capture`), and this draws one showing an EAN-13 barcode, the way a
 * tin held in front of a phone's camera would look to the till's scanner.
 */

// The EAN-13 symbol's digit patterns (1 = a dark module): the left half's odd (L) and even (G)
// parity sets, and the right half's set (R, L's complement).
const L = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
const G = [
  '0100111',
  '0110011',
  '0011011',
  '0100001',
  '0011101',
  '0111001',
  '0000101',
  '0010001',
  '0001001',
  '0010111',
];
const R = L.map((p) => [...p].map((b) => (b === '1' ? '0' : '1')).join(''));
// Which left-half digits use G, by the first digit (which is carried only by that choice).
const PARITY = [
  'LLLLLL',
  'LLGLGG',
  'LLGGLG',
  'LLGGGL',
  'LGLLGG',
  'LGGLLG',
  'LGGGLL',
  'LGLGLG',
  'LGLGGL',
  'LGGLGL',
];

/** The 95 modules of an EAN-13 symbol for 13 digits (check digit included). */
export function ean13Modules(code: string): string {
  if (!/^\d{13}$/.test(code)) throw new Error(`not 13 digits: ${code}`);
  const d = [...code].map(Number);
  const sum = d.slice(0, 12).reduce((s, n, i) => s + n * (i % 2 ? 3 : 1), 0);
  if ((10 - (sum % 10)) % 10 !== d[12]) throw new Error(`wrong check digit: ${code}`);
  const parity = PARITY[d[0]!]!;
  const left = d
    .slice(1, 7)
    .map((n, i) => (parity[i] === 'G' ? G : L)[n])
    .join('');
  const right = d
    .slice(7)
    .map((n) => R[n])
    .join('');
  return `101${left}01010${right}101`;
}

const WIDTH = 640;
const HEIGHT = 480;
const MODULE_PX = 4;

/**
 * Writes a Y4M video (a few identical 640 × 480 frames, 4:2:0, full range) of the barcode in
 * black on white, centred with its quiet zones, and answers its path.
 */
export function barcodeVideo(code: string): string {
  const modules = ean13Modules(code);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 255);
  const left = Math.floor((WIDTH - modules.length * MODULE_PX) / 2);
  for (let y = 90; y < HEIGHT - 90; y++) {
    for (let m = 0; m < modules.length; m++) {
      if (modules[m] === '1')
        luma.fill(0, y * WIDTH + left + m * MODULE_PX, y * WIDTH + left + (m + 1) * MODULE_PX);
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  const file = path.join(tmpdir(), `tillbook-barcode-${code}.y4m`);
  writeFileSync(file, Buffer.concat([header, frame, frame, frame]));
  return file;
}
