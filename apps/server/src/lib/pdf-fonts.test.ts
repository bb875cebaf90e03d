import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { PDF_FONTS, withoutTables } from './pdf-fonts.js';

const open = (data: Buffer) => fontkit.create(data) as fontkit.Font;

/** The table directory of a font file: each table's tag and where it starts. */
const directory = (data: Buffer) =>
  Array.from({ length: data.readUInt16BE(4) }, (_, i) => ({
    tag: data.toString('latin1', 12 + i * 16, 16 + i * 16),
    offset: data.readUInt32BE(20 + i * 16),
  }));

// A PDF's copied text names a character even when the font has no glyph for it and prints an
// empty box, so the text tests alone cannot tell whether the naira sign is really drawn.
describe('the fonts the invoices embed', () => {
  it.each(Object.entries(PDF_FONTS))('%s draws every money sign and digit the documents print', (_, data) => {
    const font = open(data);
    const printed = ['₦', '$', '€', '£', '¥', '₵', '-', ',', '.', ...'0123456789', ...'Balance due'];
    expect(printed.filter((c) => !font.hasGlyphForCodePoint(c.codePointAt(0)!))).toEqual([]);
    const naira = font.glyphForCodePoint(0x20a6);
    expect(naira.id).toBeGreaterThan(0);
    expect(naira.path.commands.length).toBeGreaterThan(4);
  });

  it('drops only the layout tables, leaving a font that still opens and measures text', () => {
    const tags = directory(PDF_FONTS.regular).map((t) => t.tag);
    expect(tags).toEqual([
      'OS/2',
      'STAT',
      'cmap',
      'gasp',
      'glyf',
      'head',
      'hhea',
      'hmtx',
      'loca',
      'maxp',
      'name',
      'post',
      'prep',
    ]);

    const smaller = withoutTables(PDF_FONTS.regular, ['STAT', 'gasp']);
    const left = directory(smaller);
    expect(left.map((t) => t.tag)).toEqual(tags.filter((t) => t !== 'STAT' && t !== 'gasp'));
    // Each table starts on a 4-byte boundary, as the format requires.
    expect(left.filter((t) => t.offset % 4 !== 0)).toEqual([]);
    expect(open(smaller).layout('₦3,000.00').advanceWidth).toBe(
      open(PDF_FONTS.regular).layout('₦3,000.00').advanceWidth,
    );
  });
});
