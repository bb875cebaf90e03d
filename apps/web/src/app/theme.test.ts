import { DEFAULT_THEME, type MantineColor } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { BRAND, cssVariablesResolver, MUTED_TEXT, PAGE_BACKGROUND, TEXT_COLOURS, theme } from './theme';
import { statusColours } from '../components/status-badge';

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const n = Number.parseInt(hex.slice(1), 16);
    const [r, g, bl] = [n >> 16, (n >> 8) & 255, n & 255].map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const AA = 4.5;
const light: Record<string, string> = cssVariablesResolver(theme as never).light;

describe('theme colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    // Mantine's default dimmed grey on white, the colour axe reported.
    expect(contrast('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });

  it('secondary text and error text read at 4.5:1 on white and on the page', () => {
    expect(light['--mantine-color-dimmed']).toBe(MUTED_TEXT);
    for (const name of ['--mantine-color-dimmed', '--mantine-color-error']) {
      const colour = light[name]!;
      expect(contrast(colour, '#ffffff'), name).toBeGreaterThanOrEqual(AA);
      expect(contrast(colour, PAGE_BACKGROUND), name).toBeGreaterThanOrEqual(AA);
    }
  });

  it('coloured text and light variants read at 4.5:1 on white, the page and their own tint', () => {
    for (const [name, colour] of Object.entries(TEXT_COLOURS)) {
      expect(light[`--mantine-color-${name}-text`]).toBe(colour);
      expect(light[`--mantine-color-${name}-light-color`]).toBe(colour);
      expect(light[`--mantine-color-${name}-outline`]).toBe(colour);
      const tint = DEFAULT_THEME.colors[name as MantineColor]![1];
      for (const background of ['#ffffff', PAGE_BACKGROUND, tint]) {
        expect(contrast(colour, background), `${name} on ${background}`).toBeGreaterThanOrEqual(AA);
      }
    }
  });

  it('keeps the brand purple, which reads on white and on the page', () => {
    expect(theme.colors?.brand?.[6]?.toUpperCase()).toBe(BRAND);
    expect(contrast(BRAND, PAGE_BACKGROUND)).toBeGreaterThanOrEqual(AA);
  });

  it('status badges read at 4.5:1 on their backgrounds', () => {
    for (const status of ['pending', 'draft', 'paid', 'cancelled', 'processing', 'partially_paid']) {
      const { color, background } = statusColours(status);
      expect(contrast(color, background), status).toBeGreaterThanOrEqual(AA);
    }
  });
});
