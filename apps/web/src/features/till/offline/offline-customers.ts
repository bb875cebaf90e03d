import { ApiError } from '../../../lib/api-client';
import { customerByContacts, isLocalCustomerId } from '../catalogue/catalogue-cache';
import { queueCustomer, queuedCustomer } from '../outbox/outbox-store';
import type { CartCustomer } from '../components/cart';

/**
 * Adds a customer at the till with no network (decision 0036): checked with the contract's
 * schema (as the server will), then kept in the device's queue and copy under a local id, so the
 * cashier can sell to them at once. The queue sends the customer before the sales for them.
 *
 * A phone number or email that a customer in the device's copy already has is that customer: the
 * sale is put on them, and the answer says so (the server does the same for one it has and the
 * device does not). A blocked one is refused, as online.
 */
export async function addCustomerOffline(
  storeId: string,
  values: Record<string, unknown>,
): Promise<{ customer: CartCustomer; message: string }> {
  // The schema is loaded here, not with the till: only this rare path needs it (decision 0060).
  const { createCustomerBody } = await import('@tillbook/contract/customers');
  const parsed = createCustomerBody.safeParse(values);
  if (!parsed.success) {
    const fields = Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
    throw new ApiError('Check the highlighted fields.', {
      status: 400,
      body: { error: { code: 'VALIDATION_FAILED', message: 'Check the highlighted fields.', fields } },
    });
  }
  const body = parsed.data;
  const known = await customerByContacts(storeId, body.phone_number, body.email_address);
  if (known) {
    const samePhone = known.phone_number === body.phone_number;
    const field = samePhone ? 'phone_number' : 'email_address';
    if (!known.is_active) {
      const message = `${known.full_name} has this ${samePhone ? 'phone number' : 'email'} and is blocked: they cannot be put on a new sale.`;
      throw new ApiError(message, {
        status: 409,
        body: { error: { code: 'CONFLICT', message, fields: { [field]: 'This customer is blocked' } } },
      });
    }
    return {
      customer: { id: known.id, name: known.full_name, phone_number: known.phone_number },
      message: `${samePhone ? `The phone number ${body.phone_number}` : `The email ${body.email_address}`} already belongs to ${known.full_name}: this sale is for them.`,
    };
  }
  const customer = await queueCustomer(storeId, {
    first_name: body.first_name,
    last_name: body.last_name,
    phone_number: body.phone_number,
    email_address: body.email_address ?? null,
  });
  return {
    customer: { id: customer.id, name: customer.full_name, phone_number: customer.phone_number },
    message: `${customer.full_name} is saved on this till and is added to the store when the network is back.`,
  };
}

/**
 * The id the server knows a cart's customer by: the id itself, or for a customer added offline
 * the server's id once the queue has sent them; null while they wait (the sale is then priced on
 * the device and queued after them).
 */
export async function serverCustomerId(id: string): Promise<string | null> {
  if (!isLocalCustomerId(id)) return id;
  return (await queuedCustomer(id))?.serverId ?? null;
}
