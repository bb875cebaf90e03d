import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithTwoStores, type Merchant } from '../../test/fixtures.js';
import type { TestApp } from '../../test/harness.js';
import { createCustomer, createProduct, order, sendOfflineSale } from '../../test/sales-fixtures.js';

/** `POST /customers/till`: a customer the till added offline, sent from its queue (decision 0036). */

let t: TestApp, m: Merchant, other: Merchant, cashier: Merchant;
beforeAll(async () => ({ t, m, other, cashier } = await appWithTwoStores()));
afterAll(async () => t.close());

type Result = {
  customer: { id: string; full_name: string; phone_number: string; email_address: string | null };
  existing: boolean;
  matched_on: string | null;
  message: string;
};

let seq = 0;
const phone = () => `+2348077${String(100_000 + ++seq * 37).slice(-6)}`;
const addAtTill = (who: Merchant, body: Record<string, unknown>, key?: string) =>
  t.call<{ data: Result; message: string }>('POST', '/customers/till', {
    token: who.token,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
    body,
  });

const customersWithPhone = (storeId: string, phoneNumber: string) =>
  t.db
    .selectFrom('customers')
    .select('id')
    .where('store_id', '=', storeId)
    .where('phone_number', '=', phoneNumber)
    .execute();

describe('customers added at the till (decision 0036)', () => {
  it('adds the customer once per Idempotency-Key: a repeat answers the first result', async () => {
    const body = { first_name: 'Chidi', last_name: 'Okeke', phone_number: phone() };
    const first = await addAtTill(cashier, body, 'till-customer-1');
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ existing: false, matched_on: null });
    expect(first.body.data.customer).toMatchObject({
      full_name: 'Chidi Okeke',
      phone_number: body.phone_number,
    });
    const again = await addAtTill(cashier, body, 'till-customer-1');
    expect(again.status).toBe(201);
    expect(again.body.data.customer.id).toBe(first.body.data.customer.id);
    expect(await customersWithPhone(m.storeId, body.phone_number)).toHaveLength(1);
    const audits = await t.db
      .selectFrom('audits')
      .select('summary')
      .where('entity_id', '=', first.body.data.customer.id)
      .execute();
    expect(audits.map((a) => a.summary)).toEqual(['Customer Chidi Okeke added at the till']);
    // The same key for another customer is a mistake, said plainly.
    const reused = await addAtTill(cashier, { ...body, phone_number: phone() }, 'till-customer-1');
    expect(reused.status).toBe(409);
  });

  it('a phone number or email that belongs to a customer of the store answers that customer, saying so', async () => {
    const known = await createCustomer(t, m, { first_name: 'Ngozi', last_name: 'Eze' });
    const byPhone = await addAtTill(
      m,
      { first_name: 'Ngozi', last_name: 'E.', phone_number: known.phone_number },
      'till-customer-phone',
    );
    expect(byPhone.status).toBe(200);
    expect(byPhone.body.data).toMatchObject({ existing: true, matched_on: 'phone_number' });
    expect(byPhone.body.data.customer.id).toBe(known.id);
    expect(byPhone.body.data.message).toBe(
      `The phone number ${known.phone_number} already belongs to Ngozi Eze: the till's sales for "Ngozi E." are recorded for Ngozi Eze.`,
    );
    expect(byPhone.body.message).toBe(byPhone.body.data.message);
    expect(await customersWithPhone(m.storeId, known.phone_number)).toHaveLength(1);

    const byEmail = await addAtTill(
      m,
      { first_name: 'N', last_name: 'Eze', phone_number: phone(), email_address: known.email_address },
      'till-customer-email',
    );
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.data).toMatchObject({ existing: true, matched_on: 'email_address' });
    expect(byEmail.body.data.customer.id).toBe(known.id);
  });

  it("another store's customers are not matched, and keys are the store's own", async () => {
    const theirs = await createCustomer(t, other, { first_name: 'Bola', last_name: 'Ade' });
    const mine = await addAtTill(
      m,
      {
        first_name: 'Bola',
        last_name: 'Ade',
        phone_number: theirs.phone_number,
        email_address: theirs.email_address,
      },
      'shared-key',
    );
    expect(mine.status).toBe(201);
    expect(mine.body.data.existing).toBe(false);
    expect(mine.body.data.customer.id).not.toBe(theirs.id);
    // The other store uses the same key for its own customer: a different request, its own answer.
    const theirsAgain = await addAtTill(
      other,
      { first_name: 'Tunde', last_name: 'Bello', phone_number: phone() },
      'shared-key',
    );
    expect(theirsAgain.status).toBe(201);
    expect(theirsAgain.body.data.customer.full_name).toBe('Tunde Bello');
    expect(
      (await t.call('GET', `/customers/${mine.body.data.customer.id}`, { token: other.token })).status,
    ).toBe(404);
    expect(await customersWithPhone(other.storeId, theirs.phone_number)).toHaveLength(1);
  });

  it('checks the body as the customer form does', async () => {
    const res = await addAtTill(m, { first_name: 'No', last_name: 'Phone' }, 'till-customer-bad');
    expect(res.status).toBe(400);
    expect(
      (res.body as unknown as { error: { fields: Record<string, string> } }).error.fields.phone_number,
    ).toBeTruthy();
  });

  it('two tills adding the same phone at once make one customer', async () => {
    const number = phone();
    const [a, b] = await Promise.all([
      addAtTill(m, { first_name: 'Efe', last_name: 'One', phone_number: number }, 'race-a'),
      addAtTill(m, { first_name: 'Efe', last_name: 'Two', phone_number: number }, 'race-b'),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.data.customer.id).toBe(b.body.data.customer.id);
    expect(await customersWithPhone(m.storeId, number)).toHaveLength(1);
  });

  it('an offline sale for a customer who turned out to be blocked is recorded and waits for a decision', async () => {
    const blocked = await createCustomer(t, m, { first_name: 'Sade', last_name: 'Blocked', is_active: 0 });
    const matched = await addAtTill(
      m,
      { first_name: 'Sade', last_name: 'B', phone_number: blocked.phone_number },
      'till-customer-blocked',
    );
    expect(matched.status).toBe(200);
    expect(matched.body.data.message).toContain('Sade Blocked is blocked: those sales wait for a decision.');
    const p = await createProduct(t, m, { price: 10_000, quantity: 5 });
    const sale = await sendOfflineSale(t, m, [{ product_id: p.id, quantity: 1, unit_price: 10_000 }], {
      key: 'blocked-offline-sale',
      number: 'OFF-BLOCK1-1',
      body: { customer_id: blocked.id },
    });
    expect(sale.status).toBe(201);
    expect(sale.body.data.offline_state).toBe('needs_review');
    expect(sale.body.data.offline_issues.map((i: { kind: string }) => i.kind)).toEqual(['customer_blocked']);
    // Online, a blocked customer is still refused.
    const online = await order(t, m, {
      items: [{ product_id: p.id, quantity: 1 }],
      channel: 'pos',
      customer_id: blocked.id,
    });
    expect(online.status).toBe(409);
  });
});
