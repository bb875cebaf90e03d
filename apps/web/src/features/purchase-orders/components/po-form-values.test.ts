import { createPurchaseOrderBody, type PurchaseOrder } from '@tillbook/contract/purchase-orders';
import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../../../lib/forms';
import { fromPurchaseOrder, purchaseOrderChecks, toPurchaseOrderBody } from './po-form-values';
import { addProduct, changeUnit, type DraftLine, type FoundProduct } from './po-lines';

const [line] = addProduct([], { id: 'p1', name: 'Milo', sku: null, barcode: null, cost_price: 185000 });
const milo = { ...line!, quantity: 2 };

const peak: FoundProduct = {
  id: 'p3',
  name: 'Peak Milk 400g',
  unit: 'tin',
  sku: 'PEAK',
  barcode: '2003',
  cost_price: 1400,
  variants: [
    {
      id: 'p3',
      name: '',
      sku: 'PEAK',
      barcode: '2003',
      cost_price: 1400,
      status: 'active',
      packs: [
        { name: 'carton', factor: 24 },
        { name: 'half', factor: 12 },
      ],
    },
  ],
};

const item = (extra: Partial<PurchaseOrder['items'][number]>): PurchaseOrder['items'][number] => ({
  id: 'i1',
  product_id: 'p1',
  variant_id: 'p1',
  variant_name: null,
  pack: null,
  pack_factor: 1,
  product_name: 'Milo',
  sku: 'MILO',
  barcode: '2001',
  quantity: 2,
  unit_cost: 185000,
  line_total: 370000,
  quantity_received: 0,
  ...extra,
});

const order = (items: PurchaseOrder['items']) =>
  ({
    vendor: { id: 'v1', name: 'Nestlé' },
    order_date: '2026-01-05',
    expected_date: null,
    notes: null,
    items,
  }) as unknown as PurchaseOrder;

describe('purchase-order form values', () => {
  it('sends the lines in minor units and blank optional fields as null', () => {
    const values = { ...fromPurchaseOrder(undefined, 'v1'), order_date: '2026-01-05', items: [milo] };
    expect(toPurchaseOrderBody(values)).toEqual({
      vendor_id: 'v1',
      items: [{ product_id: 'p1', quantity: 2, unit_cost: 185000 }],
      order_date: '2026-01-05',
      expected_date: null,
      notes: null,
    });
  });

  it("names the contract's problems and a unit cost that is not an amount", () => {
    const errors = (v: Partial<ReturnType<typeof fromPurchaseOrder>>) =>
      schemaErrors(createPurchaseOrderBody, { ...fromPurchaseOrder(undefined), ...v }, purchaseOrderChecks);
    expect(errors({})).toEqual({ vendor_id: 'Choose a vendor', items: 'Add at least one product' });
    expect(
      errors({ vendor_id: 'v1', items: [milo, { ...milo, product_id: 'p2', unit_cost: Number.NaN }] }),
    ).toEqual({ 'items.1.unit_cost': 'Enter an amount like 1250.50' });
    expect(
      errors({ vendor_id: 'v1', items: [milo, { ...milo, product_id: 'p2', unit_cost: null }] }),
    ).toEqual({});
  });

  it('lets one product be on two lines in two units, not twice in the same one', () => {
    const tins = addProduct([], peak)[0]!;
    const errors = (items: DraftLine[]) =>
      schemaErrors(
        createPurchaseOrderBody,
        { ...fromPurchaseOrder(undefined, 'v1'), items },
        purchaseOrderChecks,
      );
    expect(errors([tins, changeUnit(tins, 'carton')])).toEqual({});
    // The second line turned into a carton too.
    expect(errors([changeUnit(tins, 'carton'), changeUnit(tins, 'carton')])).toEqual({
      'items.1.product_id': "This product is already on line 1; change that line's quantity",
    });
  });

  it("prefills a draft's variant and pack, with the packs its variant has now", () => {
    const draft = order([
      item({}),
      item({
        id: 'i2',
        product_id: 'p3',
        variant_id: 'p3',
        product_name: 'Peak Milk 400g',
        pack: 'carton',
        pack_factor: 24,
        quantity: 3,
        unit_cost: 33600,
      }),
      item({
        id: 'i3',
        product_id: 'p4',
        variant_id: 'v-m',
        variant_name: 'M',
        product_name: 'Ankara Shirt',
      }),
      // The product's own size: named by its variant name.
      item({ id: 'i4', product_id: 'p4', variant_id: 'p4', variant_name: 'S', product_name: 'Ankara Shirt' }),
    ]);
    const values = fromPurchaseOrder(draft, null, new Map([['p3', peak]]));
    expect(values.items[1]).toMatchObject({
      variant_id: 'p3',
      named: false,
      pack: 'carton',
      pack_factor: 24,
      unit: 'tin',
      packs: [
        { name: 'carton', factor: 24 },
        { name: 'half', factor: 12 },
      ],
    });
    // Without the product read, the line still offers the pack it was ordered in.
    expect(fromPurchaseOrder(draft).items[1]).toMatchObject({
      unit: 'unit',
      packs: [{ name: 'carton', factor: 24 }],
    });
    expect(toPurchaseOrderBody(values).items).toEqual([
      { product_id: 'p1', quantity: 2, unit_cost: 185000 },
      { product_id: 'p3', pack: 'carton', quantity: 3, unit_cost: 33600 },
      { product_id: 'p4', variant_id: 'v-m', quantity: 2, unit_cost: 185000 },
      { product_id: 'p4', variant_id: 'p4', quantity: 2, unit_cost: 185000 },
    ]);
  });
});
