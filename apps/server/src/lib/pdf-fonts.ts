import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * A TrueType/OpenType font file (sfnt) without some of its tables, the rest copied as they are.
 * pdfkit parses a font anew for every document, and Noto Sans's layout tables (GSUB, GPOS and
 * GDEF: ligatures, kerning, mark placement) made that 250–800 ms per invoice against 20 ms with
 * the built-in fonts. An invoice's names and amounts print the same without them.
 */
export function withoutTables(font: Buffer, drop: readonly string[]): Buffer {
  const count = font.readUInt16BE(4);
  const kept: Array<{ tag: string; checksum: number; data: Buffer }> = [];
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16;
    const tag = font.toString('latin1', at, at + 4);
    if (drop.includes(tag)) continue;
    const offset = font.readUInt32BE(at + 8);
    kept.push({
      tag,
      checksum: font.readUInt32BE(at + 4),
      data: font.subarray(offset, offset + font.readUInt32BE(at + 12)),
    });
  }
  const header = Buffer.alloc(12 + kept.length * 16);
  font.copy(header, 0, 0, 4);
  header.writeUInt16BE(kept.length, 4);
  // searchRange, entrySelector and rangeShift follow from the table count.
  const power = 2 ** Math.floor(Math.log2(kept.length));
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(kept.length * 16 - power * 16, 10);
  const parts = [header];
  let offset = header.length;
  kept.forEach((table, i) => {
    const at = 12 + i * 16;
    header.write(table.tag, at, 'latin1');
    header.writeUInt32BE(table.checksum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(table.data.length, at + 12);
    // Tables start on 4-byte boundaries.
    const padded = Buffer.alloc((table.data.length + 3) & ~3);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

const LAYOUT_TABLES = ['GSUB', 'GPOS', 'GDEF'];

/**
 * Noto Sans, regular and bold, from an npm package: it has the naira sign (U+20A6), which PDF's
 * built-in fonts lack, and every other currency sign the screens show. Resolved through
 * node_modules, so the server finds it from `src/` and from `dist/` alike.
 */
function notoSans(file: string): Buffer {
  const path = createRequire(import.meta.url).resolve(`@expo-google-fonts/noto-sans/${file}`);
  return withoutTables(readFileSync(path), LAYOUT_TABLES);
}

export const PDF_FONTS = {
  regular: notoSans('400Regular/NotoSans_400Regular.ttf'),
  bold: notoSans('700Bold/NotoSans_700Bold.ttf'),
};
