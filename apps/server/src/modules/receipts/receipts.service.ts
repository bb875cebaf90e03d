import {
  RECEIPT_LINK_DAYS,
  type ReceiptSettings,
  type updateReceiptSettingsBody,
} from '@tillbook/contract/receipts';
import type { z } from 'zod';
import { notFound } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import type { RequestContext, StoreContext } from '../../lib/context.js';
import { idOfToken, newLinkId, signedBy, tokenOf } from './receipt-links.js';
import { linkById, receiptsRepository } from './receipts.repository.js';
import type { ReceiptLinkKind, ReceiptLinksTable, ReceiptSettingsTable } from './receipts.tables.js';

const DAY_MS = 24 * 60 * 60 * 1000;

function toSettings(row: ReceiptSettingsTable | undefined): ReceiptSettings {
  return {
    header_text: row?.header_text ?? null,
    footer_text: row?.footer_text ?? null,
    show_logo: (row?.show_logo ?? 1) === 1,
    show_cashier: (row?.show_cashier ?? 1) === 1,
    show_customer: (row?.show_customer ?? 1) === 1,
    link_days: row?.link_days ?? RECEIPT_LINK_DAYS,
  };
}

/** The store's receipt settings, the defaults until the store saves its own. */
export async function receiptSettings(ctx: Pick<StoreContext, 'db' | 'storeId'>): Promise<ReceiptSettings> {
  return toSettings(await receiptsRepository(ctx.db, ctx.storeId).settings());
}

export async function updateReceiptSettings(
  ctx: StoreContext,
  body: z.output<typeof updateReceiptSettingsBody>,
): Promise<ReceiptSettings> {
  return ctx.db.transaction().execute(async (trx) => {
    const repo = receiptsRepository(trx, ctx.storeId);
    const before = toSettings(await repo.settings());
    const after: ReceiptSettings = {
      header_text: body.header_text !== undefined ? body.header_text : before.header_text,
      footer_text: body.footer_text !== undefined ? body.footer_text : before.footer_text,
      show_logo: body.show_logo ?? before.show_logo,
      show_cashier: body.show_cashier ?? before.show_cashier,
      show_customer: body.show_customer ?? before.show_customer,
      link_days: body.link_days ?? before.link_days,
    };
    await repo.saveSettings({
      header_text: after.header_text,
      footer_text: after.footer_text,
      show_logo: after.show_logo ? 1 : 0,
      show_cashier: after.show_cashier ? 1 : 0,
      show_customer: after.show_customer ? 1 : 0,
      link_days: after.link_days,
      updated_at: ctx.now.toISOString(),
    });
    await writeAudit(trx, ctx, {
      action: 'receipt_settings.updated',
      entity: 'store',
      entityId: ctx.storeId,
      summary: 'Receipt settings changed',
      before,
      after,
    });
    return after;
  });
}

/**
 * A signed link to a record's receipt: an open one made earlier when it still has at least half
 * the store's `link_days` to run (sharing the same sale twice gives the same link, and printing
 * its QR code adds no row each time), else a new one open for `link_days`.
 */
export async function createReceiptLink(
  ctx: StoreContext,
  input: {
    kind: ReceiptLinkKind;
    entityId: string;
    channel: ReceiptLinksTable['channel'];
    phone: string | null;
  },
): Promise<{ token: string; expiresAt: string }> {
  const settings = await receiptSettings(ctx);
  const halfLife = new Date(ctx.now.getTime() + (settings.link_days * DAY_MS) / 2).toISOString();
  const open = await receiptsRepository(ctx.db, ctx.storeId).openLinkFor(
    input.kind,
    input.entityId,
    halfLife,
  );
  if (open) return { token: tokenOf(ctx.deps.config.APP_SECRET, open), expiresAt: open.expires_at };
  const row: ReceiptLinksTable = {
    store_id: ctx.storeId,
    id: newLinkId(),
    kind: input.kind,
    entity_id: input.entityId,
    channel: input.channel,
    phone: input.phone,
    expires_at: new Date(ctx.now.getTime() + settings.link_days * DAY_MS).toISOString(),
    revoked_at: null,
    created_by_id: ctx.actor.id,
    created_by_name: ctx.actor.name,
    created_at: ctx.now.toISOString(),
  };
  await receiptsRepository(ctx.db, ctx.storeId).addLink(row);
  return { token: tokenOf(ctx.deps.config.APP_SECRET, row), expiresAt: row.expires_at };
}

/** Closes every open link to a record; answers how many. Audited by the caller's module. */
export async function revokeReceiptLinks(
  ctx: StoreContext,
  kind: ReceiptLinkKind,
  entityId: string,
): Promise<number> {
  return receiptsRepository(ctx.db, ctx.storeId).revoke(kind, entityId, ctx.now.toISOString());
}

/**
 * What a link opens, for anyone holding it: its store and record. A token that is not one, names
 * no link, fails its signature, is expired or revoked is the same 404.
 */
export async function openReceiptLink(
  ctx: RequestContext,
  token: string,
): Promise<{ storeId: string; kind: ReceiptLinkKind; entityId: string }> {
  const parts = idOfToken(token);
  const row = parts ? await linkById(ctx.db, parts.id) : undefined;
  if (
    !parts ||
    !row ||
    !signedBy(ctx.deps.config.APP_SECRET, row, parts.signature) ||
    row.revoked_at !== null ||
    row.expires_at <= ctx.now.toISOString()
  ) {
    throw notFound('Receipt');
  }
  return { storeId: row.store_id, kind: row.kind, entityId: row.entity_id };
}
