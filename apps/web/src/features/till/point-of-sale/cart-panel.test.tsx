import { Button } from '@mantine/core';
import type { Product, ProductVariant } from '@tillbook/contract/products';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render';
import { loadCart } from '../components/cart';
import { CartPanel } from './cart-panel';
import { usePosCart } from './use-pos-cart';

const STORE = 'store-1';

const product = (over: Partial<Product> = {}): Product =>
  ({
    id: 'p-milo',
    name: 'Milo 500g',
    sku: 'MILO-500',
    barcode: '6151234567890',
    price: 250_000,
    sale_price: null,
    quantity: 3,
    track_stock: true,
    status: 'active',
    images: [],
    unit: 'tin',
    ...over,
  }) as Product;

/** The cart hook and its panel as the till puts them together, with buttons that add products. */
function Till({ products, focusScan = () => {} }: { products: Product[]; focusScan?: () => void }) {
  const till = usePosCart(STORE);
  return (
    <>
      {products.map((p) => (
        <Button key={p.id} onClick={() => till.add(p)}>
          Add {p.name}
        </Button>
      ))}
      <CartPanel
        lines={till.cart.lines}
        priced={undefined}
        fresh={false}
        errorsByLine={{}}
        update={till.update}
        focusScan={focusScan}
      />
    </>
  );
}

const cartTable = () => screen.getByRole('table', { name: 'Cart' });

describe('point of sale: the cart', () => {
  it('starts empty, adds a product, and a second add raises its quantity', async () => {
    const user = userEvent.setup();
    renderScreen(<Till products={[product()]} />);
    expect(await screen.findByText('The cart is empty')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Add Milo 500g' }));
    await user.click(screen.getByRole('button', { name: 'Add Milo 500g' }));
    expect(within(cartTable()).getByText('Milo 500g')).toBeInTheDocument();
    expect(within(cartTable()).getByRole('textbox', { name: 'Quantity of Milo 500g' })).toHaveValue('2');
    // Kept in the browser for this store, so a reload keeps the sale.
    expect(loadCart(STORE).lines).toMatchObject([{ product_id: 'p-milo', quantity: 2, unit_price: 250_000 }]);
  });

  it('refuses more than is in stock, and an archived product, with a message', async () => {
    const user = userEvent.setup();
    renderScreen(
      <Till
        products={[product({ quantity: 1 }), product({ id: 'p-old', name: 'Old tin', status: 'archived' })]}
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Add Milo 500g' }));
    await user.click(screen.getByRole('button', { name: 'Add Milo 500g' }));
    expect(await screen.findByText('Only 1 of Milo 500g left in stock')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add Old tin' }));
    expect(await screen.findByText('Old tin is archived and cannot be sold')).toBeVisible();
    expect(within(cartTable()).getByRole('textbox', { name: 'Quantity of Milo 500g' })).toHaveValue('1');
    expect(within(cartTable()).queryByText('Old tin')).toBeNull();
  });

  it('one more, one less, a line discount and remove change the line; removing gives the scan box its focus back', async () => {
    const focusScan = vi.fn();
    const user = userEvent.setup();
    renderScreen(<Till products={[product({ quantity: 10 })]} focusScan={focusScan} />);
    await user.click(await screen.findByRole('button', { name: 'Add Milo 500g' }));
    const table = within(cartTable());

    await user.click(table.getByRole('button', { name: 'One more Milo 500g' }));
    await user.click(table.getByRole('button', { name: 'One more Milo 500g' }));
    expect(table.getByRole('textbox', { name: 'Quantity of Milo 500g' })).toHaveValue('3');
    await user.click(table.getByRole('button', { name: 'One less Milo 500g' }));
    expect(table.getByRole('textbox', { name: 'Quantity of Milo 500g' })).toHaveValue('2');

    await user.type(table.getByRole('textbox', { name: 'Discount on Milo 500g' }), '150');
    expect(loadCart(STORE).lines[0]).toMatchObject({ quantity: 2, discount: '150' });

    await user.click(table.getByRole('button', { name: 'Remove Milo 500g' }));
    expect(await screen.findByText('The cart is empty')).toBeVisible();
    expect(focusScan).toHaveBeenCalled();
    await waitFor(() => expect(loadCart(STORE).lines).toEqual([]));
  });

  it("shows each line's amount only from a quote that matches the cart, and the line's error", async () => {
    const line = {
      product_id: 'p-milo',
      variant_id: null,
      variant_name: '',
      pack: null,
      pack_factor: 1,
      unit: 'tin',
      units: [],
      name: 'Milo 500g',
      sku: 'MILO-500',
      barcode: '',
      unit_price: 250_000,
    };
    const lines = [{ ...line, quantity: 2, discount: '' }];
    const priced = [{ product_id: 'p-milo', unit_price: 240_000, total: 480_000 }] as never;
    function Priced() {
      const [fresh, setFresh] = useState(true);
      return (
        <>
          <Button onClick={() => setFresh(false)}>Cart changed</Button>
          <CartPanel
            lines={lines}
            priced={priced}
            fresh={fresh}
            errorsByLine={fresh ? {} : { 'p-milo': 'Only 1 left in stock' }}
            update={() => {}}
            focusScan={() => {}}
          />
        </>
      );
    }
    const user = userEvent.setup();
    renderScreen(<Priced />);
    const table = within(await screen.findByRole('table', { name: 'Cart' }));
    expect(table.getByText(/4,800\.00/)).toBeInTheDocument();
    expect(table.getByText(/2,400\.00/)).toBeInTheDocument();
    expect(table.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cart changed' }));
    expect(table.queryByText(/4,800\.00/)).toBeNull();
    expect(table.getByRole('alert')).toHaveTextContent('Only 1 left in stock');
  });

  it('keeps a carton and tins of one product on two lines; the unit control switches a line, joining the other', async () => {
    const milk = product({
      id: 'p-peak',
      name: 'Peak Milk 400g',
      price: 50_000,
      quantity: 100,
      variants: [
        {
          id: 'p-peak',
          name: '',
          sku: 'PEAK-400',
          price: 50_000,
          sale_price: null,
          quantity: 100,
          status: 'active',
          packs: [{ name: 'carton', factor: 24, barcode: null, price: 1_000_000 }],
        } as unknown as ProductVariant,
      ],
    });
    function Packs() {
      const till = usePosCart(STORE);
      return (
        <>
          <Button onClick={() => till.add(milk)}>Add a tin</Button>
          <Button onClick={() => till.add(milk, 1, { pack: 'carton' })}>Add a carton</Button>
          <CartPanel
            lines={till.cart.lines}
            priced={undefined}
            fresh={false}
            errorsByLine={{}}
            update={till.update}
            focusScan={() => {}}
          />
        </>
      );
    }
    const user = userEvent.setup();
    renderScreen(<Packs />);
    await user.click(await screen.findByRole('button', { name: 'Add a tin' }));
    await user.click(screen.getByRole('button', { name: 'Add a tin' }));
    await user.click(screen.getByRole('button', { name: 'Add a carton' }));
    const table = within(cartTable());
    expect(table.getByRole('textbox', { name: 'Quantity of Peak Milk 400g · carton (24)' })).toHaveValue('1');
    expect(table.getByRole('textbox', { name: 'Quantity of Peak Milk 400g' })).toHaveValue('2');
    // One more carton changes the carton's line only.
    await user.click(table.getByRole('button', { name: 'One more Peak Milk 400g · carton (24)' }));
    expect(loadCart(STORE).lines.map((l) => [l.pack, l.quantity])).toEqual([
      ['carton', 2],
      [null, 2],
    ]);
    // The tins' line switched to cartons joins the cartons' line.
    await user.selectOptions(table.getByRole('combobox', { name: 'Unit of Peak Milk 400g' }), 'carton (24)');
    await waitFor(() =>
      expect(loadCart(STORE).lines.map((l) => [l.pack, l.quantity])).toEqual([['carton', 4]]),
    );
  });
});
