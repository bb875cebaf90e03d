import { createPurchaseOrderBody } from '@tillbook/contract/purchase-orders';
import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../../../lib/forms';
import { fromPurchaseOrder, purchaseOrderChecks, toPurchaseOrderBody } from './po-form-values';

const line = { product_id: 'p1', name: 'Milo', sku: null, barcode: null, quantity: 2, unit_cost: 185000 };

describe('purchase-order form values', () => {
  it('sends the lines in minor units and blank optional fields as null', () => {
    const values = { ...fromPurchaseOrder(undefined, 'v1'), order_date: '2026-01-05', items: [line] };
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
      errors({ vendor_id: 'v1', items: [line, { ...line, product_id: 'p2', unit_cost: Number.NaN }] }),
    ).toEqual({ 'items.1.unit_cost': 'Enter an amount like 1250.50' });
    expect(
      errors({ vendor_id: 'v1', items: [line, { ...line, product_id: 'p2', unit_cost: null }] }),
    ).toEqual({});
  });
});
