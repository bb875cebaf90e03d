import PDFDocument from 'pdfkit';
import { PDF_FONTS } from './pdf-fonts.js';

/** What the app's PDFs share (invoices and receipts, shift Z-reports): inks, fonts, texts, the roll. */

export const INK = '#1F1B24';
export const MUTED = '#605D66';
export const RULE = '#D9D8DA';
/** 80 mm in PDF points. */
export const RECEIPT_WIDTH = 226.77;

export const REGULAR = 'Body';
export const BOLD = 'Body-Bold';

/** A time in the store's zone, with its offset ("29 Nov 2026, 2:05 pm GMT+1"): a PDF travels. */
export const dateText = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZoneName: 'shortOffset',
  })
    .format(new Date(iso))
    .replace(/\u202f|\u00a0/g, ' ');

/**
 * Store, customer and product names keep Latin-1, common punctuation and the currency signs;
 * other characters are shown as `?` rather than as empty boxes. (The font has more, but a
 * letter with a combining mark, as in Yoruba names, breaks the PDF's copied text: pdfkit maps
 * each glyph to the first characters it stood for.)
 */
export const pdfText = (text: string) =>
  text
    .normalize('NFC')
    .replace(/[^\n -~\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20a0-\u20bf]/g, '?');

/** A thin grey line across `width` from `left` at height `at`. */
export function drawRule(
  doc: PDFKit.PDFDocument,
  left: number,
  width: number,
  at: number,
  thickness = 0.5,
): void {
  doc
    .moveTo(left, at)
    .lineTo(left + width, at)
    .strokeColor(RULE)
    .lineWidth(thickness)
    .stroke();
}

/** A rule under what was printed last, and the text going on just below it. */
export function ruleBelow(doc: PDFKit.PDFDocument, left: number, width: number, gap = 3): void {
  const at = doc.y + gap;
  drawRule(doc, left, width, at);
  doc.y = at + 4;
}

/** Noto Sans rather than the built-in fonts, which have no naira sign. */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  doc.registerFont(REGULAR, PDF_FONTS.regular);
  doc.registerFont(BOLD, PDF_FONTS.bold);
  doc.font(REGULAR);
}

/**
 * How tall an 80 mm roll is for what `draw` prints: laid out once on a page too tall to break, to
 * measure where it ends, so the printed roll stops right after the last line.
 */
export function rollHeight(draw: (doc: PDFKit.PDFDocument) => void): number {
  const probe = new PDFDocument({ size: [RECEIPT_WIDTH, 14_400], margin: 10 });
  registerFonts(probe);
  draw(probe);
  const height = Math.ceil(probe.y + 14);
  probe.end();
  return height;
}

/** Runs `draw` on a new document with the app's fonts and answers the PDF's bytes. */
export function renderPdf(
  options: PDFKit.PDFDocumentOptions,
  draw: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  registerFonts(doc);
  draw(doc);
  doc.end();
  return done;
}
