/** A unit a line may be ordered in besides the base unit: a pack of the line's variant. */
export interface PackUnit {
  name: string;
  factor: number;
}

/** A line of the purchase-order form: one variant of a product, by the unit or in one of its packs. */
export interface DraftLine {
  product_id: string;
  /** The variant ordered; the product's own id for a product sold one way. */
  variant_id: string;
  /** The variant's option values (`M / Red`); null for a product without options. */
  variant_name: string | null;
  /**
   * The body names the variant: the product has other active variants (the server refuses a line
   * without one), or this one is not the product's own.
   */
  named: boolean;
  /** Ordered in this pack (`quantity` packs, `unit_cost` per pack); null by the base unit. */
  pack: string | null;
  pack_factor: number;
  /** The base unit (`tin`) and the variant's packs: what the line's Unit select offers. */
  unit: string;
  packs: PackUnit[];
  name: string;
  sku: string | null;
  barcode: string | null;
  quantity: number;
  /** Minor units (`MoneyInput`): null when empty (sent as 0), NaN while not an amount. */
  unit_cost: number | null;
}

/** A variant as the product answers carry it (a copy from before variants may have none). */
interface FoundVariant {
  id: string;
  name: string;
  sku: string;
  barcode: string;
  cost_price: number | null;
  status: string;
  packs: PackUnit[];
}

/** A product from the search or a scan. */
export interface FoundProduct {
  id: string;
  name: string;
  unit?: string;
  sku: string | null;
  barcode: string | null;
  cost_price: number | null;
  variants?: FoundVariant[];
}

/** Which variant and pack to add; left out, the product's only active variant by the unit. */
export interface LineChoice {
  variant_id?: string | null;
  pack?: string | null;
}

export function activeVariants(product: FoundProduct): FoundVariant[] {
  const own: FoundVariant = {
    id: product.id,
    name: '',
    sku: product.sku ?? '',
    barcode: product.barcode ?? '',
    cost_price: product.cost_price,
    status: 'active',
    packs: [],
  };
  const active = (product.variants ?? []).filter((v) => v.status === 'active');
  return product.variants?.length ? active : [own];
}

/** A search pick cannot tell which size or colour to order: the person chooses. */
export const needsVariantChoice = (product: FoundProduct) => activeVariants(product).length > 1;

/** Two lines with the same key would be one line twice (the contract refuses it). */
export const lineKey = (l: Pick<DraftLine, 'product_id' | 'variant_id' | 'pack'>) =>
  `${l.product_id}|${l.variant_id}|${l.pack ?? ''}`;

/**
 * How a purchase-order line is named on the form, the order and its receipt:
 * "Ankara Shirt (M) · carton of 24"; a product sold one way, by the unit, is its name.
 */
export function poLineLabel(
  l: ({ name: string } | { product_name: string }) & {
    variant_name?: string | null;
    pack?: string | null;
    pack_factor?: number | null;
  },
): string {
  const product = 'product_name' in l ? l.product_name : l.name;
  const name = l.variant_name ? `${product} (${l.variant_name})` : product;
  if (!l.pack) return name;
  return l.pack_factor && l.pack_factor > 1
    ? `${name} · ${l.pack} of ${l.pack_factor}`
    : `${name} · ${l.pack}`;
}

/** What the line's count comes to in base units, "3 carton = 72 tin"; null by the base unit. */
export function baseUnitsText(
  l: Pick<DraftLine, 'pack' | 'pack_factor' | 'quantity' | 'unit'>,
): string | null {
  if (!l.pack) return null;
  return `${l.quantity} ${l.pack} = ${l.quantity * l.pack_factor} ${l.unit}`;
}

/** What one unit of the line's cost is for: "carton", or the base unit. */
export const costUnit = (l: Pick<DraftLine, 'pack' | 'unit'>) => l.pack ?? l.unit;

/**
 * Adds a scanned or chosen product to the lines: a line of the same variant and pack gets one
 * more (spec section 4: scanning an item again raises its quantity), a new one is appended with
 * the variant's current cost price (times the pack's units) as the unit cost. Throws when the
 * choice names no active variant or pack of the product.
 */
export function addProduct(lines: DraftLine[], product: FoundProduct, choice: LineChoice = {}): DraftLine[] {
  const active = activeVariants(product);
  const variant = choice.variant_id
    ? active.find((v) => v.id === choice.variant_id)
    : active.length === 1
      ? active[0]
      : undefined;
  if (!variant) throw new Error(`Choose which ${product.name} to order`);
  const pack = choice.pack
    ? variant.packs.find((p) => p.name.toLowerCase() === choice.pack!.toLowerCase())
    : undefined;
  if (choice.pack && !pack) throw new Error(`${product.name} has no pack "${choice.pack}"`);
  const key = lineKey({ product_id: product.id, variant_id: variant.id, pack: pack?.name ?? null });
  const at = lines.findIndex((l) => lineKey(l) === key);
  if (at >= 0) return lines.map((l, i) => (i === at ? { ...l, quantity: l.quantity + 1 } : l));
  const factor = pack?.factor ?? 1;
  return [
    ...lines,
    {
      product_id: product.id,
      variant_id: variant.id,
      variant_name: variant.name || null,
      named: active.length > 1 || variant.id !== product.id,
      pack: pack?.name ?? null,
      pack_factor: factor,
      unit: product.unit || 'unit',
      packs: variant.packs.map((p) => ({ name: p.name, factor: p.factor })),
      name: product.name,
      sku: variant.sku || product.sku,
      barcode: variant.barcode || product.barcode,
      quantity: 1,
      unit_cost: variant.cost_price === null ? null : variant.cost_price * factor,
    },
  ];
}

/**
 * The line ordered in another of its units (`null`: the base unit). A cost already typed is
 * carried over per base unit, so ₦1,400 a tin becomes ₦33,600 a carton of 24.
 */
export function changeUnit(line: DraftLine, pack: string | null): DraftLine {
  const next = pack ? line.packs.find((p) => p.name === pack) : undefined;
  const factor = next?.factor ?? 1;
  const cost =
    line.unit_cost === null || Number.isNaN(line.unit_cost)
      ? line.unit_cost
      : Math.round((line.unit_cost / line.pack_factor) * factor);
  return { ...line, pack: next?.name ?? null, pack_factor: factor, unit_cost: cost };
}

/** Line total in minor units, or null while the unit cost is not a valid amount. */
export function lineTotal(line: DraftLine): number | null {
  const cost = line.unit_cost ?? 0;
  return Number.isNaN(cost) ? null : cost * line.quantity;
}

export function linesTotal(lines: DraftLine[]): number {
  return lines.reduce((sum, l) => sum + (lineTotal(l) ?? 0), 0);
}

/** The base units the lines come to (a carton of 24 counts 24). */
export const linesUnits = (lines: DraftLine[]) => lines.reduce((s, l) => s + l.quantity * l.pack_factor, 0);

export interface ApiLine {
  product_id: string;
  variant_id?: string;
  pack?: string;
  quantity: number;
  unit_cost: number;
}

/**
 * The lines as the API takes them: an empty cost is 0; one that is not an amount stays NaN for
 * the check to name. A product sold one way by the unit sends what it sent before variants.
 */
export function toApiLines(lines: DraftLine[]): ApiLine[] {
  return lines.map((l) => ({
    product_id: l.product_id,
    ...(l.named ? { variant_id: l.variant_id } : {}),
    ...(l.pack ? { pack: l.pack } : {}),
    quantity: l.quantity,
    unit_cost: l.unit_cost ?? 0,
  }));
}
