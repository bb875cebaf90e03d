import type { Product, ProductVariant } from '@tillbook/contract/products';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render';
import { VariantPicker } from './variant-picker';

const variant = (over: Partial<ProductVariant> & Pick<ProductVariant, 'id' | 'name'>): ProductVariant =>
  ({
    sku: over.id,
    barcode: '',
    price: 50_000,
    sale_price: null,
    quantity: 10,
    status: 'active',
    packs: [],
    ...over,
  }) as ProductVariant;

const juice = {
  id: 'juice',
  name: 'Chivita 1L',
  unit: 'carton',
  track_stock: true,
  status: 'active',
  images: [],
  variants: [
    variant({ id: 'juice', name: 'Orange', price: 150_000, sale_price: 140_000, quantity: 30 }),
    variant({
      id: 'juice-apple',
      name: 'Apple',
      price: 160_000,
      quantity: 30,
      packs: [{ name: 'case', factor: 12, barcode: null, price: 1_800_000 }],
    }),
    variant({ id: 'juice-mango', name: 'Mango', quantity: 0 }),
    variant({ id: 'juice-old', name: 'Guava', status: 'archived' }),
  ],
} as unknown as Product;

describe('point of sale: the variant picker', () => {
  it('lists the active variants with price and stock, and picks a variant or one of its packs', async () => {
    const onPick = vi.fn();
    const user = userEvent.setup();
    renderScreen(<VariantPicker product={juice} phone={false} onPick={onPick} onClose={() => {}} />);
    const list = within(await screen.findByRole('list', { name: 'Variants of Chivita 1L' }));
    expect(list.getAllByRole('listitem')).toHaveLength(3);
    expect(list.queryByText('Guava')).toBeNull();
    expect(list.getByText('2 case + 6 carton in stock')).toBeInTheDocument();

    await user.click(list.getByRole('button', { name: /Orange.*1,400\.00/ }));
    expect(onPick).toHaveBeenLastCalledWith({ variantId: 'juice', pack: null });
    await user.click(list.getByRole('button', { name: /Apple, case \(12\)/ }));
    expect(onPick).toHaveBeenLastCalledWith({ variantId: 'juice-apple', pack: 'case' });
    await user.click(list.getByRole('button', { name: /Apple, 1 carton/ }));
    expect(onPick).toHaveBeenLastCalledWith({ variantId: 'juice-apple', pack: null });
    // Out of stock: shown, not offered.
    expect(list.getByRole('button', { name: /Mango/ })).toBeDisabled();
    expect(onPick).toHaveBeenCalledTimes(3);
  });
});
