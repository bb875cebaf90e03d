/**
 * Barcode symbols drawn as modules (1 = bar, 0 = space) for labels: EAN-13 and UPC-A (as
 * EAN-13 with a leading 0), EAN-8, and Code 128 (set B) for a shop's own codes. Written here
 * rather than taken from a library because two symbologies are a few tables, and a label
 * printer needs nothing more.
 */

// prettier-ignore
const EAN_L = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011'];
// prettier-ignore
const EAN_G = ['0100111', '0110011', '0011011', '0100001', '0011101', '0111001', '0000101', '0010001', '0001001', '0010111'];
// prettier-ignore
const EAN_R = ['1110010', '1100110', '1101100', '1000010', '1011100', '1001110', '1010000', '1000100', '1001000', '1110100'];
/** Which of L/G encodes each of the six left digits of an EAN-13, by its first digit. */
// prettier-ignore
const EAN13_PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];

/** Bar and space widths of Code 128 values 0–106 (106 is the stop, with its final bar). */
// prettier-ignore
export const CODE128_WIDTHS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
];
const START_B = 104;
const STOP = 106;

export type Symbology = 'EAN-13' | 'EAN-8' | 'Code 128';

export interface BarcodeModules {
  symbology: Symbology;
  /** One character per module: '1' a bar, '0' a space (no quiet zones). */
  modules: string;
  /** The text printed under the bars. */
  text: string;
}

function widthsToModules(widths: string): string {
  let out = '';
  for (let i = 0; i < widths.length; i++) out += (i % 2 === 0 ? '1' : '0').repeat(Number(widths[i]));
  return out;
}

function ean13(digits: string): string {
  const parity = EAN13_PARITY[Number(digits[0])]!;
  let out = '101';
  for (let i = 1; i <= 6; i++) {
    const d = Number(digits[i]);
    out += parity[i - 1] === 'L' ? EAN_L[d] : EAN_G[d];
  }
  out += '01010';
  for (let i = 7; i <= 12; i++) out += EAN_R[Number(digits[i])];
  return `${out}101`;
}

function ean8(digits: string): string {
  let out = '101';
  for (let i = 0; i < 4; i++) out += EAN_L[Number(digits[i])];
  out += '01010';
  for (let i = 4; i < 8; i++) out += EAN_R[Number(digits[i])];
  return `${out}101`;
}

/** Code 128 set B: printable ASCII; null when the text has another character. */
function code128(text: string): string | null {
  const values: number[] = [];
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (code < 32 || code > 126) return null;
    values.push(code - 32);
  }
  const checksum = values.reduce((sum, v, i) => sum + v * (i + 1), START_B) % 103;
  return [START_B, ...values, checksum, STOP].map((v) => widthsToModules(CODE128_WIDTHS[v]!)).join('');
}

/** The modules of a barcode: EAN when it is a 13-, 12- or 8-digit GTIN, Code 128 otherwise. */
export function encodeBarcode(value: string): BarcodeModules | null {
  const text = value.trim();
  if (!text) return null;
  if (/^\d{13}$/.test(text)) return { symbology: 'EAN-13', modules: ean13(text), text };
  if (/^\d{12}$/.test(text)) return { symbology: 'EAN-13', modules: ean13(`0${text}`), text };
  if (/^\d{8}$/.test(text)) return { symbology: 'EAN-8', modules: ean8(text), text };
  const modules = code128(text);
  return modules ? { symbology: 'Code 128', modules, text } : null;
}

/** Runs of bars as [start, width] in modules, to draw as SVG rectangles. */
export function barRuns(modules: string): [number, number][] {
  const runs: [number, number][] = [];
  let i = 0;
  while (i < modules.length) {
    if (modules[i] === '1') {
      const start = i;
      while (modules[i] === '1') i++;
      runs.push([start, i - start]);
    } else i++;
  }
  return runs;
}
