import { createTheme, type MantineColorsTuple } from '@mantine/core';
import { BREAKPOINTS } from '@tillbook/contract/constants';

/** The brand purple (#3F12C4 at shade 6, the filled button colour). */
const brand: MantineColorsTuple = [
  '#f1ebff',
  '#ded3fc',
  '#baa4f4',
  '#9472ed',
  '#7448e6',
  '#5f2ee3',
  '#3f12c4',
  '#3510a8',
  '#2c0c90',
  '#220878',
];

export const BRAND = '#3F12C4';
export const BORDER = '#D9D8DA';
export const MUTED_TEXT = '#605D66';

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand },
  breakpoints: { ...BREAKPOINTS },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
  },
});
