import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness.js';

/**
 * The README's "Works today" list names each area with the API paths that serve it (or the npm
 * scripts, for backup and restore). The README is the first thing a reader trusts, and its opening
 * once promised as "still to come" what had long been served: this keeps the list to what the app
 * answers, read from the OpenAPI document the app generates from its route tables.
 */
const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
const scripts = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

interface Area {
  name: string;
  names: string[];
  line: string;
}

/** The list items between "Works today" and "Still open", each `- **Area** (`/a`, `/b`): …`. */
function worksToday(): { areas: Area[]; unreadable: string[] } {
  const start = readme.indexOf('Works today');
  const end = readme.indexOf('Still open', start);
  expect(start, 'README.md has a "Works today" list').toBeGreaterThan(0);
  expect(end, 'README.md has a "Still open" paragraph after the list').toBeGreaterThan(start);
  const items = readme
    .slice(start, end)
    .split('\n')
    .reduce<string[]>((list, line) => {
      if (line.startsWith('- ')) list.push(line);
      else if (line.startsWith('  ') && list.length) list[list.length - 1] += ` ${line.trim()}`;
      return list;
    }, []);
  const areas: Area[] = [];
  const unreadable: string[] = [];
  for (const item of items) {
    const m = /^- \*\*([^*]+)\*\* \(((?:`[^`]+`(?:, )?)+)\): /.exec(item);
    if (!m) unreadable.push(item);
    else areas.push({ name: m[1]!, names: [...m[2]!.matchAll(/`([^`]+)`/g)].map((n) => n[1]!), line: item });
  }
  return { areas, unreadable };
}

let t: TestApp;
let paths: string[];
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.call<{ paths: Record<string, unknown> }>('GET', '/openapi.json');
  expect(res.status).toBe(200);
  paths = Object.keys(res.body.paths);
});
afterAll(async () => t?.close());

/** A path the README names is served when the app has it, or a route under it. */
const served = (name: string) => paths.some((p) => p === name || p.startsWith(`${name}/`));

describe('the README says what works today', () => {
  it('names each area with the API paths (or npm scripts) that serve it', () => {
    const { areas, unreadable } = worksToday();
    expect(
      unreadable,
      'Each item of "Works today" starts "- **Area** (`/path`, …): " with the API paths (under /api/v1) that serve it',
    ).toEqual([]);
    expect(areas.length).toBeGreaterThanOrEqual(10);
  });

  it('names only paths the app serves and scripts the repository has', () => {
    const missing = worksToday().areas.flatMap((area) =>
      area.names
        .filter((name) => {
          const script = /^npm run (\S+)$/.exec(name);
          if (script) return !(script[1]! in scripts);
          return !name.startsWith('/') || !served(name);
        })
        .map((name) => `${area.name}: ${name}`),
    );
    expect(
      missing,
      'README.md "Works today" names what the app does not serve (no route in /api/v1/openapi.json, or no npm script)',
    ).toEqual([]);
  });

  it('opens with what exists, not with what is still to come', () => {
    const opening = readme.split('\n\n')[1] ?? '';
    expect(opening).toMatch(/^The back office for shops/);
    expect(opening).not.toMatch(/still to come|coming soon/i);
  });
});

describe('the decision records index (docs/decisions/README.md)', () => {
  const folder = new URL('../../../docs/decisions/', import.meta.url);
  const index = readFileSync(new URL('README.md', folder), 'utf8');
  const rows = [...index.matchAll(/^\| (\d{4}) \| (.*?) \|/gm)].map((m) => ({
    number: m[1]!,
    record: m[2]!.trim(),
  }));

  it('has a row for every record, linking its file, and marks the numbers never written', () => {
    const files = readdirSync(folder).filter((f) => /^\d{4}-.*\.md$/.test(f));
    const missing = files.filter(
      (f) => !rows.some((r) => r.number === f.slice(0, 4) && r.record.includes(`(${f})`)),
    );
    expect(
      missing,
      'A new decision record adds its row to docs/decisions/README.md (numbers only by adding)',
    ).toEqual([]);
    // Every number up to the highest has a row: a record or "never written", never a gap or a reuse.
    const highest = Math.max(...files.map((f) => Number(f.slice(0, 4))));
    const numbers = rows.map((r) => Number(r.number));
    expect(numbers).toEqual(Array.from({ length: highest }, (_, i) => i + 1));
    const unwritten = rows.filter((r) => !files.some((f) => f.startsWith(r.number))).map((r) => r.record);
    expect(unwritten.every((r) => r === '—')).toBe(true);
  });
});
