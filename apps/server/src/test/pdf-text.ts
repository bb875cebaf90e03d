import { extractTextItems, getDocumentProxy } from 'unpdf';

/**
 * The text of a PDF as a reader sees it: one string per printed line, top to bottom, the pieces
 * of a line (a table row's cells) left to right and joined by a space. Pages follow each other.
 */
export async function pdfLines(data: Uint8Array): Promise<string[]> {
  // pdf.js may transfer (detach) the buffer it is given: pass a copy.
  const pdf = await getDocumentProxy(new Uint8Array(data));
  const { items } = await extractTextItems(pdf);
  const lines: string[] = [];
  for (const page of items) {
    const rows: Array<{ y: number; parts: Array<{ x: number; str: string }> }> = [];
    for (const item of page) {
      if (!item.str.trim()) continue;
      // Cells of a row share a baseline; a point of slack covers rounding.
      const row = rows.find((r) => Math.abs(r.y - item.y) < 1);
      if (row) row.parts.push({ x: item.x, str: item.str });
      else rows.push({ y: item.y, parts: [{ x: item.x, str: item.str }] });
    }
    rows.sort((a, b) => b.y - a.y);
    for (const row of rows) {
      lines.push(
        row.parts
          .sort((a, b) => a.x - b.x)
          .map((p) => p.str.trim())
          .join(' '),
      );
    }
  }
  await pdf.destroy();
  return lines;
}
