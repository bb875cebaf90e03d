import { Badge } from '@mantine/core';

// The design notes' backgrounds; their text colours (#D1A713, #10AA69, #EE1717) read at 2.1:1,
// 2.4:1 and 3.2:1 on those backgrounds, so the text is a darker shade of the same hue (at least
// 4.5:1, WCAG AA). Blue and grey pass as given.
const YELLOW = { color: '#806300', background: '#FEF4D1' };
const GREEN = { color: '#0A6B42', background: '#CFEEE1' };
const RED = { color: '#B01010', background: '#FCD1D1' };
const BLUE = { color: '#1565C0', background: '#D6E6FA' };
const GREY = { color: '#605D66', background: '#EEEDF0' };

const COLOURS: Record<string, typeof GREEN> = {
  pending: YELLOW,
  scheduled: YELLOW,
  invited: YELLOW,
  draft: GREY,
  inactive: GREY,
  active: GREEN,
  success: GREEN,
  paid: GREEN,
  received: GREEN,
  completed: GREEN,
  verified: GREEN,
  blocked: RED,
  failed: RED,
  cancelled: RED,
  expired: RED,
  refunded: RED,
  unpaid: RED,
  processing: BLUE,
  issued: BLUE,
};

/** The colours of the design notes; `partially_*` states are blue. */
export function statusColours(status: string): typeof GREEN {
  const key = status.toLowerCase();
  return COLOURS[key] ?? (key.startsWith('partially_') ? BLUE : GREY);
}

export function statusLabel(status: string): string {
  const words = status.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** `label`: the words to show instead of the status's own (the colour stays the status's). */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  const { color, background } = statusColours(status);
  return (
    <Badge radius="sm" variant="filled" styles={{ root: { color, background, textTransform: 'none' } }}>
      {label ?? statusLabel(status)}
    </Badge>
  );
}
