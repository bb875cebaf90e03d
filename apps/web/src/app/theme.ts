import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
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

export { BRAND } from '../config/brand';
export const BORDER = '#D9D8DA';
export const MUTED_TEXT = '#605D66';
/** The page behind the cards (global.css). */
export const PAGE_BACKGROUND = '#F7F6FA';

/**
 * Text colours that read at 4.5:1 or more (WCAG AA for small text) on white, on the page
 * background and on the colour's own light tint (shade 1, the background of `variant="light"`
 * badges and alerts). Mantine writes coloured text (`c="red"`, light and outline variants) in shade 6 or 9,
 * which for these palettes is too pale: red 6 is 3.3:1 on white, green 9 on green 1 is 3.8:1.
 */
export const TEXT_COLOURS = {
  red: '#B72525',
  green: '#1E7B34',
  yellow: '#7A5E00',
  orange: '#A8400A',
  teal: '#06704F',
  blue: '#1864AB',
  cyan: '#0B7285',
  lime: '#4A7A0A',
  pink: '#C2255C',
  grape: '#862E9C',
  indigo: '#364FC7',
  gray: '#495057',
} as const;

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    // Secondary text of the design notes (Mantine's dimmed grey is 3.3:1 on white).
    '--mantine-color-dimmed': MUTED_TEXT,
    '--mantine-color-error': TEXT_COLOURS.red,
    ...Object.fromEntries(
      Object.entries(TEXT_COLOURS).flatMap(([name, colour]) => [
        [`--mantine-color-${name}-text`, colour],
        [`--mantine-color-${name}-light-color`, colour],
        // Outline buttons write their label in this colour (Clear cart, Cancel order).
        [`--mantine-color-${name}-outline`, colour],
      ]),
    ),
  },
  dark: {},
});

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
    // A link inside a sentence must stand out by more than colour (purple on the grey of
    // secondary text is 1.6:1), so links are always underlined.
    Anchor: { defaultProps: { underline: 'always' } },
  },
});
