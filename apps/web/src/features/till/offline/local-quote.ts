import type { Body } from '@tillbook/contract/common';
import type { OrderQuote, ordersRoutes } from '@tillbook/contract/orders';
import { PricingError, priceTillCart } from '@tillbook/contract/pricing';
import { ApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { catalogueMeta, customerOnDevice } from '../catalogue/catalogue-cache';
import { productsOnDevice } from '../catalogue/product-index';
import { priceOf, resolveSellable } from '../components/sellable';

/** The cart to price: the body of `POST /order/quote`, as the contract types it. */
type QuoteBody = Body<typeof ordersRoutes.quote>;

/** A refusal of the local pricing, shaped as the server's 422 so the till shows it the same way. */
const refusal = (message: string, fields: Record<string, string>) =>
  new ApiError(message, { status: 422, body: { error: { code: 'UNPROCESSABLE', message, fields } } });

export const NO_COPY_MESSAGE =
  'This till has no copy of the catalogue yet. Connect once to the internet with the till open to sell offline.';

/**
 * The cart priced on the device from its copy of the catalogue (decision 0036), with the same
 * pricing code the server runs (`priceTillCart` from the contract), shaped as the server's quote.
 * `catalogueAt` is how fresh the copy is: the server checks the prices against it.
 */
export async function localQuote(
  storeId: string,
  body: QuoteBody,
): Promise<OrderQuote & { catalogue_at: string; unit_prices: number[] }> {
  const meta = await catalogueMeta(storeId);
  if (!meta) throw new ApiError(NO_COPY_MESSAGE, { status: 0 });
  const products = await productsOnDevice(
    storeId,
    body.items.map((i) => i.product_id),
  );
  // Each line as the server prices it (issue 33): its variant (named, or the product's only
  // active one) at the variant's selling price, or the pack at the pack's own price.
  const sold = body.items.map((item) => {
    const product = products.get(item.product_id);
    if (!product)
      return { problem: 'Not on this till: connect to sell it', field: 'product_id' as const, known: false };
    const choice = { variantId: item.variant_id, pack: item.pack };
    return { ...resolveSellable(product, choice, { archived: true }), known: true };
  });
  const refused = sold.flatMap((line, i) =>
    line.problem ? [[`items.${i}.${line.field}`, line.problem]] : [],
  );
  if (refused.length) {
    // A product the copy lacks says so; a variant or pack it cannot tell says which.
    const known = sold.find((line) => line.problem && line.known);
    throw refusal(
      known?.problem ? `${known.problem}.` : 'A product is not in this till’s copy of the catalogue.',
      Object.fromEntries(refused),
    );
  }

  let discount = null;
  if (body.discount_code) {
    const code = body.discount_code.trim().toUpperCase();
    discount = meta.discounts.find((d) => d.code === code) ?? null;
    if (!discount) {
      throw refusal(
        `The discount code "${body.discount_code}" cannot be checked offline, or does not exist.`,
        {
          discount_code: 'Not usable on this till offline',
        },
      );
    }
  }
  const shipping = body.shipping_id
    ? (meta.shippingRates.find((r) => r.id === body.shipping_id) ?? null)
    : null;
  if (body.shipping_id && !shipping) {
    throw refusal('Choose one of the shipping rates of this store.', {
      shipping_id: 'Not a rate of this store',
    });
  }
  const customer = body.customer_id ? await customerOnDevice(storeId, body.customer_id) : undefined;
  const destination = {
    country: customer?.country ?? meta.store.country,
    state: customer?.state ?? meta.store.state,
  };
  const lines = body.items.map((item, i) => {
    const { product, variant, pack } = sold[i]!.sellable!;
    return {
      // The pricing code takes a product's price: the unit's here, already the selling one.
      product: {
        id: product.id,
        price: priceOf({ variant, pack }),
        sale_price: null,
        category_ids: product.category_ids,
      },
      name: product.name,
      sku: variant.sku,
      variantId: variant.id,
      variantName: variant.name || null,
      pack: pack?.name ?? null,
      packFactor: pack?.factor ?? 1,
      listPrice: pack ? pack.price : variant.price,
      quantity: item.quantity,
      discount: item.discount ?? 0,
    };
  });
  const money = (minor: number) => formatMoney(minor, meta.store.currency);
  let priced;
  try {
    priced = priceTillCart({ lines, discount, taxRules: meta.taxRules, destination, shipping });
  } catch (error) {
    if (!(error instanceof PricingError)) throw error;
    const p = error.problem;
    switch (p.kind) {
      case 'line_discount_too_large':
        throw refusal(`The discount on "${lines[p.line]!.name}" is more than the line's ${money(p.gross)}.`, {
          [`items.${p.line}.discount`]: `At most ${money(p.gross)}`,
        });
      case 'minimum_not_met':
        throw refusal(
          `The discount code "${discount!.code}" needs an order of at least ${money(p.minimum)}; this cart comes to ${money(p.subtotal)}.`,
          { discount_code: `Needs an order of at least ${money(p.minimum)}` },
        );
      case 'not_applicable':
        throw refusal(`The discount code "${discount!.code}" does not apply to any item in this cart.`, {
          discount_code: 'Does not apply to these items',
        });
      case 'too_large':
        throw refusal('The order is too large. Split it into smaller orders.', {
          items: 'The order total is too large',
        });
    }
  }
  return {
    items: lines.map((l, i) => ({
      product_id: l.product.id,
      variant_id: l.variantId,
      variant_name: l.variantName,
      pack: l.pack,
      pack_factor: l.packFactor,
      name: l.name,
      sku: l.sku,
      unit_price: l.product.price,
      list_price: l.listPrice,
      quantity: l.quantity,
      discount: priced.lines[i]!.discount,
      total: priced.lines[i]!.total,
      order_discount: priced.lines[i]!.orderDiscount,
      tax: priced.lines[i]!.tax,
    })),
    items_count: lines.reduce((s, l) => s + l.quantity, 0),
    subtotal: priced.subtotal,
    discount: priced.discount,
    discount_code: discount?.code ?? null,
    tax: priced.tax,
    taxes: priced.taxes.map((t) => ({ name: t.name, rate: t.rateBp / 100, amount: t.amount })),
    tax_inclusive: priced.taxInclusive,
    shipping: priced.shipping,
    shipping_name: shipping?.name ?? null,
    total: priced.total,
    currency: meta.store.currency,
    catalogue_at: meta.syncedAt,
    unit_prices: lines.map((l) => l.product.price),
  };
}
