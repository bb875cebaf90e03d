/**
 * Base units as a shopkeeper counts them, largest pack first: 76 tins with a carton of 24 is
 * `3 carton + 4 tin`. Without packs (or under one pack) it is the number and the unit. Negative
 * stock (an offline sale taken below zero) is shown as a plain number. No zod here: the till's
 * first load imports it (decision 0060).
 */
export function mixedUnits(
  quantity: number,
  packs: ReadonlyArray<{ name: string; factor: number }>,
  unit: string,
): string {
  const plain = `${quantity} ${unit}`;
  if (quantity <= 0 || !packs.length) return plain;
  const parts: string[] = [];
  let left = quantity;
  for (const pack of [...packs].sort((a, b) => b.factor - a.factor)) {
    if (pack.factor < 2) continue;
    const n = Math.floor(left / pack.factor);
    if (n > 0) {
      parts.push(`${n} ${pack.name}`);
      left -= n * pack.factor;
    }
  }
  if (!parts.length) return plain;
  if (left > 0) parts.push(`${left} ${unit}`);
  return parts.join(' + ');
}
