import { z } from 'zod';
import { defineRoutes, idParam, optionalTrimmed } from './common.js';
import { RECEIPT_WIDTHS } from './receipt-widths.js';

/**
 * Receipts that travel (issue 35, decision 0066): a signed public link to a sale's receipt, shared
 * by WhatsApp or SMS with no messaging account, and the receipt as ESC/POS bytes for thermal
 * printers.
 */

export const SHARE_CHANNELS = ['link', 'whatsapp', 'sms'] as const;
export type ShareChannel = (typeof SHARE_CHANNELS)[number];

/** How long a link opens unless the store says otherwise, and the bounds of what it may say. */
export const RECEIPT_LINK_DAYS = 90;
export const RECEIPT_LINK_DAYS_MAX = 3650;

export const shareBody = z.object({
  channel: z.enum(SHARE_CHANNELS, { error: `Channel must be one of ${SHARE_CHANNELS.join(', ')}` }),
  /** The customer's number for WhatsApp or SMS; left out, the order's customer's. */
  phone: optionalTrimmed('Phone number', 30),
});

/**
 * A customer's statement shared (`POST /customers/{id}/account/share`); with `reminder`, the
 * message asks for what they owe.
 */
export const shareStatementBody = shareBody.extend({
  reminder: z.boolean({ error: 'Reminder must be true or false' }).optional(),
});

export const shareResultSchema = z.object({
  url: z.string(),
  expires_at: z.string(),
  /** The number the links open a chat with, in international form; null when none is known. */
  phone: z.string().nullable(),
  message: z.string(),
  whatsapp_url: z.string().nullable(),
  sms_url: z.string().nullable(),
});
export type ShareResult = z.infer<typeof shareResultSchema>;

export const revokeResultSchema = z.object({ revoked: z.number().int() });

export const escposQuery = z.object({
  width: z.coerce
    .number({ error: 'Width must be 58 or 80' })
    .refine((w): w is (typeof RECEIPT_WIDTHS)[number] => (RECEIPT_WIDTHS as readonly number[]).includes(w), {
      error: 'Width must be 58 or 80',
    })
    .default(80),
  drawer: z
    .enum(['true', 'false'], { error: 'Drawer must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
});

export const receiptSettingsSchema = z.object({
  header_text: z.string().nullable(),
  footer_text: z.string().nullable(),
  show_logo: z.boolean(),
  show_cashier: z.boolean(),
  show_customer: z.boolean(),
  /** Days a shared link opens. */
  link_days: z.number().int(),
});
export type ReceiptSettings = z.infer<typeof receiptSettingsSchema>;

export const updateReceiptSettingsBody = z
  .object({
    header_text: optionalTrimmed('Header text', 300),
    footer_text: optionalTrimmed('Footer text', 300),
    show_logo: z.boolean({ error: 'Show logo must be true or false' }).optional(),
    show_cashier: z.boolean({ error: 'Show cashier must be true or false' }).optional(),
    show_customer: z.boolean({ error: 'Show customer must be true or false' }).optional(),
    link_days: z
      .number({ error: 'Link days must be a whole number' })
      .int({ error: 'Link days must be a whole number' })
      .min(1, { error: 'Link days must be at least 1' })
      .max(RECEIPT_LINK_DAYS_MAX, { error: `Link days must be at most ${RECEIPT_LINK_DAYS_MAX}` })
      .optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    error: 'Send at least one setting to change',
  });

export const receiptTokenParam = z.object({
  token: z
    .string()
    .max(100)
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, { error: 'Not a receipt link' }),
});

export const receiptPdfQuery = z.object({
  layout: z.enum(['a4', 'receipt'], { error: 'Layout must be a4 or receipt' }).default('a4'),
});

export const receiptsRoutes = defineRoutes({
  share: {
    method: 'POST',
    path: '/order/:id/share',
    access: 'orders.view',
    summary:
      "Share an order's receipt: a signed public link (expiring, revocable), with wa.me and sms: links to the customer's number",
    params: idParam,
    body: shareBody,
    response: shareResultSchema,
  },
  shareStatement: {
    method: 'POST',
    path: '/customers/:id/account/share',
    access: 'customers.view',
    summary:
      "Share a customer's statement of account as a signed link, or a payment reminder with what they owe, with wa.me and sms: links to their number",
    params: idParam,
    body: shareStatementBody,
    response: shareResultSchema,
  },
  shareTransfer: {
    method: 'POST',
    path: '/wallet/transactions/:id/share',
    access: 'wallet.view',
    summary:
      "Share a wallet transfer's receipt (amount, recipient, bank, reference, status) as a signed link, with wa.me and sms: links to a number",
    params: idParam,
    body: shareBody,
    response: shareResultSchema,
  },
  revoke: {
    method: 'POST',
    path: '/order/:id/share/revoke',
    access: 'orders.update_status',
    summary: "Close every shared link to an order's receipt: they answer 404 from now on",
    params: idParam,
    response: revokeResultSchema,
  },
  escpos: {
    method: 'GET',
    path: '/order/:id/receipt.escpos',
    access: 'orders.view',
    summary:
      "An order's receipt as ESC/POS bytes for a 58 or 80 mm thermal printer (network printers on port 9100)",
    params: idParam,
    query: escposQuery,
    file: 'application/octet-stream',
  },
  settings: {
    method: 'GET',
    path: '/receipt_settings',
    access: 'orders.view',
    summary: "The store's receipt settings: header and footer text, what is shown, how long links open",
    response: receiptSettingsSchema,
  },
  updateSettings: {
    method: 'PUT',
    path: '/receipt_settings',
    access: 'settings.manage',
    summary: "Change the store's receipt settings",
    body: updateReceiptSettingsBody,
    response: receiptSettingsSchema,
  },
  page: {
    method: 'GET',
    path: '/r/:token',
    access: 'public',
    summary:
      'A shared receipt as a small mobile page, for anyone holding its signed link (404 when wrong, expired or revoked)',
    params: receiptTokenParam,
    file: 'text/html',
  },
  pdf: {
    method: 'GET',
    path: '/r/:token/receipt.pdf',
    access: 'public',
    summary: 'A shared receipt as a PDF (A4, or 80 mm wide with `layout=receipt`)',
    params: receiptTokenParam,
    query: receiptPdfQuery,
    file: 'application/pdf',
  },
});
