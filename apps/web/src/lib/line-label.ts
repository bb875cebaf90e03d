/**
 * How a sold line is named wherever a sale is shown (the till's cart, its receipt, the order):
 * the product, then its variant and the pack it was sold in, "Peak Milk 400g · carton (24)",
 * "T-shirt · M / Red". A line of a product sold one way, by the unit, is the product's name.
 */
export function lineLabel(line: {
  name: string;
  variant_name?: string | null;
  pack?: string | null;
  pack_factor?: number | null;
}): string {
  const parts = [line.name];
  // A name given with its variant already in it (an order recorded that way) is not doubled.
  if (line.variant_name && !line.name.endsWith(line.variant_name)) parts.push(line.variant_name);
  if (line.pack) parts.push(line.pack_factor ? `${line.pack} (${line.pack_factor})` : line.pack);
  return parts.join(' · ');
}
