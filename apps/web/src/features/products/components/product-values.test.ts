import { barcodeProblem } from '@tillbook/contract/products';
import { describe, expect, it } from 'vitest';
import { adjustmentChange } from './adjust-stock-modal';
import { blankProduct, generateBarcode, productBody } from './product-values';

describe('product form', () => {
  it('sends amounts in minor units and opening stock only for a new product', () => {
    const values = {
      ...blankProduct,
      name: ' Milo 500g ',
      price: 250050,
      cost_price: 180000,
      quantity: '12',
    };
    const created = productBody(values, true);
    expect(created.body).toMatchObject({
      name: 'Milo 500g',
      price: 250050,
      cost_price: 180000,
      sale_price: null,
      quantity: 12,
    });
    const edited = productBody(values, false);
    expect(edited.body).not.toHaveProperty('quantity');
  });

  it('names each bad field', () => {
    // The money box holds NaN while what is typed is not an amount ("12abc").
    const result = productBody(
      { ...blankProduct, price: Number.NaN, sale_price: null, low_stock_threshold: '2.5' },
      true,
    );
    expect(result.errors).toEqual({
      name: 'Product name is required',
      price: 'Enter price as a number, like 1500 or 1,500.50',
      low_stock_threshold: 'Low-stock threshold must be a whole number',
    });
    expect(productBody({ ...blankProduct, name: 'A', price: 10000, sale_price: 15000 }, true).errors).toEqual(
      {
        sale_price: 'Sale price cannot be more than the price',
      },
    );
  });

  it('generates valid in-store EAN-13 barcodes', () => {
    for (let i = 0; i < 20; i++) {
      const code = generateBarcode();
      expect(code).toMatch(/^2\d{12}$/);
      expect(barcodeProblem(code)).toBeNull();
    }
  });
});

describe('stock adjustment', () => {
  it('turns a count into the difference and damage or loss into a removal', () => {
    expect(adjustmentChange('count', 10, 7, 'add')).toBe(-3);
    expect(adjustmentChange('count', 10, 14, 'add')).toBe(4);
    expect(adjustmentChange('damage', 10, 2, 'add')).toBe(-2);
    expect(adjustmentChange('loss', 10, 1, 'add')).toBe(-1);
    expect(adjustmentChange('return', 10, 3, 'remove')).toBe(3);
    expect(adjustmentChange('other', 10, 3, 'remove')).toBe(-3);
    expect(adjustmentChange('other', 10, 3, 'add')).toBe(3);
  });
});
