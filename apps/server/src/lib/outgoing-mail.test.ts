import { describe, expect, it } from 'vitest';
import { quoted } from './outgoing-mail.js';

describe('quoted', () => {
  it('puts a chosen name on one line between curly quotes', () => {
    expect(quoted('Refund due\r\n– claim at\trefunds.example')).toBe(
      '“Refund due – claim at refunds.example”',
    );
  });

  it('drops direction overrides, which could reorder the words around the name', () => {
    expect(quoted('Shop\u202Egnp.exe\u202C')).toBe('“Shop gnp.exe”');
  });

  it('cuts a long name at 80 characters', () => {
    const line = quoted('x'.repeat(200));
    expect(line).toBe(`“${'x'.repeat(79)}…”`);
  });
});
