import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** One row of the spec's call table (docs/spec/calls.tsv). */
export interface SpecCall {
  area: string;
  method: string;
  /** The path as the spec writes it, under `/api/v1`, with `{id}` placeholders and `?query` names. */
  specPath: string;
  /** The path without its query, placeholders filled with `x1`: a call that finds no record. */
  path: string;
  note: string;
}

/** The repository's copy of the spec's call table, so the call tests run in a lone clone. */
export const CALLS_TSV = fileURLToPath(new URL('../../../../docs/spec/calls.tsv', import.meta.url));

export function specCalls(): SpecCall[] {
  return readFileSync(CALLS_TSV, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'))
    .map(([area, method, specPath, note]) => ({
      area: area!,
      method: method!,
      specPath: specPath!,
      path: specPath!.split('?')[0]!.replace(/\{[^}]+\}/g, 'x1'),
      note: note ?? '',
    }));
}
