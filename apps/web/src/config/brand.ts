/** The brand's colour, used by the theme (`app/theme.ts`) and the logo. */
export const BRAND = '#3F12C4';
