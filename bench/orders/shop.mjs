// The store both order benches sell in: a signed-up owner with 150 tracked products, and the
// 3-line cash sale they post (bench/orders-throughput.mjs, bench/orders/paired.mjs).
import { randomBytes } from 'node:crypto';
import { json } from '../lib.mjs';

export const PRODUCTS = 150;
export const LINES = 3;

export async function setUpStore(base) {
  const email = `bench.${randomBytes(4).toString('hex')}@example.ng`;
  const signUp = await json(base, 'POST', '/user/signup', {
    first_name: 'Bench',
    last_name: 'Owner',
    email,
    password: 'bench-pass-42',
    phone_number: '+2348030000000',
    country: 'Nigeria',
  });
  if (signUp.status !== 201) throw new Error(`sign-up: ${JSON.stringify(signUp.body)}`);
  const info = await json(
    base,
    'PUT',
    `/user/business-info/${signUp.body.data.id}`,
    { business_name: 'Bench Provisions', country: 'Nigeria', state: 'Lagos' },
    signUp.body.data.userToken,
  );
  if (info.status !== 200) throw new Error(`business-info: ${JSON.stringify(info.body)}`);
  const signIn = await json(base, 'POST', '/user/signin', { email, password: 'bench-pass-42' });
  const token = signIn.body.data.userToken;
  const storeId = signIn.body.data.store_id;
  const productIds = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const p = await json(
      base,
      'POST',
      '/product/create',
      { name: `Bench product ${i}`, price: 10_000 + i * 50, quantity: 100_000_000 },
      token,
    );
    if (p.status !== 201) throw new Error(`product: ${JSON.stringify(p.body)}`);
    productIds.push(p.body.data.id);
  }
  return { token, storeId, productIds };
}

/** A POS sale of 3 distinct random products, paid in cash. */
export function orderBody(productIds) {
  const picked = new Set();
  while (picked.size < LINES) picked.add(productIds[Math.floor(Math.random() * productIds.length)]);
  return JSON.stringify({
    items: [...picked].map((product_id) => ({ product_id, quantity: 1 + Math.floor(Math.random() * 3) })),
    payment_type: 'cash',
    channel: 'pos',
    amount_received: 10_000_000,
  });
}
