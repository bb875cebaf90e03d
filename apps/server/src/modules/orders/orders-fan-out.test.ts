import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ORDERS = fileURLToPath(new URL('.', import.meta.url));

/** The other modules a folder's source files (tests aside) import, by folder name. */
export function modulesNamedBy(files: ReadonlyArray<{ name: string; text: string }>): string[] {
  const named = new Set<string>();
  for (const { name, text } of files) {
    if (name.endsWith('.test.ts')) continue;
    for (const match of text.matchAll(/from '\.\.\/([a-z-]+)\//g)) named.add(match[1]!);
  }
  return [...named].sort();
}

/**
 * Issue 30: the orders module is the hub every feature used to edit. It names at most 8 other
 * modules, and never reports or webhooks: they react to the order's facts (decision 0053). A new
 * reaction to a sale is a subscriber in its own module, not another import here.
 */
describe('what the orders module names', () => {
  const files = readdirSync(ORDERS)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => ({ name, text: readFileSync(`${ORDERS}${name}`, 'utf8') }));

  it('names at most 8 modules, neither reports nor webhooks', () => {
    const named = modulesNamedBy(files);
    expect(named.length, named.join(', ')).toBeLessThanOrEqual(8);
    expect(named).not.toContain('reports');
    expect(named).not.toContain('webhooks');
  });

  it('counts what a file imports, and not what a test does', () => {
    expect(
      modulesNamedBy([
        { name: 'a.service.ts', text: "import { x } from '../webhooks/webhooks.public.js';" },
        { name: 'b.ts', text: "import type { Y } from '../customers/customers.public.js';" },
        { name: 'a.test.ts', text: "import { z } from '../reports/reports.public.js';" },
      ]),
    ).toEqual(['customers', 'webhooks']);
  });
});
