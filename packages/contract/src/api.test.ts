import { describe, expect, it } from 'vitest';
import { apiRouteTables } from './api.js';

describe('the route tables', () => {
  it('give every route its answer: a response schema, or the media type of a file', () => {
    const missing: string[] = [];
    for (const [area, table] of Object.entries(apiRouteTables)) {
      for (const [name, route] of Object.entries(table)) {
        const def = route as { response?: unknown; file?: string; paginated?: boolean };
        if (!def.response && !def.file) missing.push(`${area}.${name}`);
        if (def.paginated && !def.response) missing.push(`${area}.${name} (paginated without items)`);
      }
    }
    expect(missing).toEqual([]);
    expect(Object.keys(apiRouteTables).length).toBeGreaterThanOrEqual(15);
  });
});
