import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './harness.js';

/**
 * Registers the hooks of a test file (or of the describe it is called in) around one app: built
 * (with `env`) before its tests and closed after them. `use` is handed the app once built.
 * Apart from harness.ts because the benchmarks import that outside vitest.
 */
export function withTestApp(use: (t: TestApp) => void, env: Record<string, string> = {}): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp(env);
    use(t);
  });
  afterAll(async () => t?.close());
}
