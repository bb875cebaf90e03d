import type {
  cashMovementBody,
  closeShiftBody,
  openShiftBody,
  Shift,
  shiftListQuery,
  ShiftSummary,
} from '@tillbook/contract/shifts';
import type { z } from 'zod';
import { AppError, conflict, notFound, unprocessable } from '../../lib/app-error.js';
import { writeAudit } from '../../lib/audit.js';
import type { StoreContext } from '../../lib/context.js';
import { formatNumber, nextInSequences, type NumberSequence } from '../../lib/counters.js';
import { runIdempotent, type Outcome } from '../../lib/idempotency.js';
import { newId } from '../../lib/ids.js';
import { endInstant, startInstant } from '../../lib/local-dates.js';
import { formatMoney } from '../../lib/money-text.js';
import type { Page } from '../../lib/pagination.js';
import { isUniqueViolation } from '../../lib/sql.js';
import { raiseWebhookEvents } from '../webhooks/webhooks.public.js';
import { shiftFigures, toShift } from './shift-figures.js';
import { shiftsRepository, type EntryGroup } from './shifts.repository.js';
import type { ShiftsTable } from './shifts.tables.js';

/**
 * Shifts and the cash drawer (issue 32, decision 0063): open with a float, pay in and out, close
 * with a count. What the shift's sales, payments and refunds add is written by the order facts'
 * subscriber (`shift-facts.ts`), in the order's own transaction.
 */

type Db = StoreContext['db'];

const SHIFT_NUMBERS: NumberSequence = { counter: 'shifts.number', prefix: 'SH-', width: 6 };

const money = (ctx: StoreContext, minor: number) => formatMoney(minor, ctx.access.store.currency);

const manages = (ctx: StoreContext) => ctx.access.permissions.has('shifts.manage');

/** A shift the caller may see or act on: their own, or anyone's with `shifts.manage` (403 naming it). */
function assertMayUse(ctx: StoreContext, row: ShiftsTable, doing: string): void {
  if (row.member_id === ctx.actor.id || manages(ctx)) return;
  throw new AppError(
    'FORBIDDEN',
    `This is ${row.member_name}'s shift: to ${doing} another member's shift you need permission to see and close everyone's shifts (shifts.manage).`,
  );
}

async function rowOr404(db: Db, ctx: StoreContext, id: string): Promise<ShiftsTable> {
  const row = await shiftsRepository(db, ctx.storeId).get(id);
  if (!row) throw notFound('Shift');
  return row;
}

/** The shift with its figures (the Z-report's numbers). */
async function summaryOf(db: Db, ctx: StoreContext, row: ShiftsTable): Promise<ShiftSummary> {
  const repo = shiftsRepository(db, ctx.storeId);
  const [groups, movements] = await Promise.all([repo.groups([row.id]), repo.movements(row.id)]);
  const figures = shiftFigures(row.opening_float, groups);
  const shift = toShift(row, figures.expected_cash);
  return {
    shift,
    currency: ctx.access.store.currency,
    opening_float: row.opening_float,
    ...figures,
    counted_cash: shift.counted_cash,
    difference: shift.difference,
    movements: movements.map((m) => ({
      id: m.id,
      type: m.kind === 'pay_in' ? 'in' : 'out',
      amount: m.amount,
      reason: m.reason ?? '',
      created_by: { id: m.created_by_id, name: m.created_by_name },
      created_at: m.created_at,
    })),
    opened_by: shift.member,
    closed_by: shift.closed_by,
  };
}

/** `POST /shifts/open`: the caller's shift with the cash in the drawer; one open shift per member and store. */
export async function openShift(
  ctx: StoreContext,
  body: z.output<typeof openShiftBody>,
  idempotencyKey: string | undefined,
): Promise<Outcome<Shift>> {
  const refused = () =>
    conflict('You already have an open shift in this store. Close it before opening another.');
  try {
    return await runIdempotent(ctx, idempotencyKey, 'shift.open', body, async (trx) => {
      const repo = shiftsRepository(trx, ctx.storeId);
      if (await repo.openOf(ctx.actor.id!)) throw refused();
      const numbers = await nextInSequences(trx, ctx.storeId, [SHIFT_NUMBERS.counter]);
      const now = ctx.now.toISOString();
      const row: ShiftsTable = {
        store_id: ctx.storeId,
        id: newId(),
        number: formatNumber(SHIFT_NUMBERS, numbers.get(SHIFT_NUMBERS.counter)!),
        member_id: ctx.actor.id!,
        member_name: ctx.actor.name,
        status: 'open',
        opening_float: body.opening_float,
        counted_cash: null,
        note: body.note ?? null,
        close_note: null,
        opened_at: now,
        closed_at: null,
        closed_by_id: null,
        closed_by_name: null,
      };
      // Two opens at once both find none open: the partial unique key lets one in.
      await repo.insert(row);
      await writeAudit(trx, ctx, {
        action: 'shift.opened',
        entity: 'shift',
        entityId: row.id,
        summary: `Shift ${row.number} opened by ${row.member_name} with a float of ${money(ctx, row.opening_float)}`,
        after: { number: row.number, opening_float: row.opening_float },
      });
      return { status: 201, body: toShift(row, row.opening_float) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw refused();
    throw error;
  }
}

/** `GET /shifts/current`: the caller's open shift in the store with its figures, or null. */
export async function currentShift(ctx: StoreContext): Promise<ShiftSummary | null> {
  const row = await shiftsRepository(ctx.db, ctx.storeId).openOf(ctx.actor.id!);
  return row ? summaryOf(ctx.db, ctx, row) : null;
}

/** `GET /shifts/:id`: a shift with its figures; another member's needs `shifts.manage`. */
export async function getShift(ctx: StoreContext, id: string): Promise<ShiftSummary> {
  const row = await rowOr404(ctx.db, ctx, id);
  assertMayUse(ctx, row, 'see');
  return summaryOf(ctx.db, ctx, row);
}

/** `GET /shifts`: newest first; without `shifts.manage`, the caller's own. */
export async function listShifts(
  ctx: StoreContext,
  q: z.output<typeof shiftListQuery>,
): Promise<Page<Shift>> {
  const tz = ctx.access.store.timezone;
  const repo = shiftsRepository(ctx.db, ctx.storeId);
  const page = await repo.list({
    ...q,
    memberId: manages(ctx) ? q.memberId : ctx.actor.id!,
    from: startInstant(q.from, tz) ?? undefined,
    to: endInstant(q.to, tz) ?? undefined,
  });
  const groups = await repo.groups(page.items.map((s) => s.id));
  const of = new Map<string, EntryGroup[]>();
  for (const g of groups) of.set(g.shift_id, [...(of.get(g.shift_id) ?? []), g]);
  return {
    items: page.items.map((row) =>
      toShift(row, shiftFigures(row.opening_float, of.get(row.id) ?? []).expected_cash),
    ),
    pagination: page.pagination,
  };
}

/**
 * `POST /shifts/:id/cash`: cash put into the drawer or taken out. The shift's row is locked
 * first (PostgreSQL), so movements and the close of one shift go one at a time; a payout cannot
 * take more than the drawer should hold.
 */
export async function recordCash(
  ctx: StoreContext,
  id: string,
  body: z.output<typeof cashMovementBody>,
  idempotencyKey: string | undefined,
): Promise<Outcome<ShiftSummary>> {
  return runIdempotent(ctx, idempotencyKey, `shift.cash:${id}`, body, async (trx) => {
    const repo = shiftsRepository(trx, ctx.storeId);
    const row = await repo.lockForUpdate(id);
    if (!row) throw notFound('Shift');
    assertMayUse(ctx, row, 'pay into or out of');
    if (row.status !== 'open')
      throw conflict(`Shift ${row.number} is closed: no cash can be paid in or out.`);
    if (body.type === 'out') {
      const { expected_cash } = shiftFigures(row.opening_float, await repo.groups([row.id]));
      if (body.amount > expected_cash) {
        throw unprocessable(
          `The drawer should hold ${money(ctx, expected_cash)}: a payout cannot take ${money(ctx, body.amount)}.`,
          { amount: `At most ${money(ctx, Math.max(0, expected_cash))}` },
        );
      }
    }
    const now = ctx.now.toISOString();
    await repo.insertEntry({
      store_id: ctx.storeId,
      id: newId(),
      shift_id: row.id,
      kind: body.type === 'in' ? 'pay_in' : 'pay_out',
      payment_type: 'cash',
      amount: body.amount,
      sale_total: 0,
      discount: 0,
      order_id: null,
      order_number: null,
      reference_id: null,
      reason: body.reason,
      created_by_id: ctx.actor.id,
      created_by_name: ctx.actor.name,
      created_at: now,
    });
    await writeAudit(trx, ctx, {
      action: body.type === 'in' ? 'shift.paid_in' : 'shift.paid_out',
      entity: 'shift',
      entityId: row.id,
      summary: `Shift ${row.number}: ${money(ctx, body.amount)} ${body.type === 'in' ? 'paid in' : 'paid out'} (${body.reason})`,
      after: { type: body.type, amount: body.amount, reason: body.reason },
    });
    return { status: 201, body: await summaryOf(trx, ctx, row) };
  });
}

/**
 * `POST /shifts/:id/close`: closes an open shift with the cash counted and answers its figures;
 * closing another member's needs `shifts.manage`; a closed shift is 409. Raises `shift.closed`.
 */
export async function closeShift(
  ctx: StoreContext,
  id: string,
  body: z.output<typeof closeShiftBody>,
  idempotencyKey: string | undefined,
): Promise<Outcome<ShiftSummary>> {
  return runIdempotent(ctx, idempotencyKey, `shift.close:${id}`, body, async (trx) => {
    const repo = shiftsRepository(trx, ctx.storeId);
    const row = await rowOr404(trx, ctx, id);
    assertMayUse(ctx, row, 'close');
    const now = ctx.now.toISOString();
    const patch = {
      counted_cash: body.counted_cash,
      close_note: body.note ?? null,
      closed_at: now,
      closed_by_id: ctx.actor.id,
      closed_by_name: ctx.actor.name,
    };
    // Waits for the sales and movements holding the row (PostgreSQL), then counts them too.
    if (!(await repo.closeIfOpen(id, patch))) {
      throw conflict(`Shift ${row.number} is already closed.`);
    }
    const summary = await summaryOf(trx, ctx, { ...row, ...patch, status: 'closed' });
    await writeAudit(trx, ctx, {
      action: 'shift.closed',
      entity: 'shift',
      entityId: row.id,
      summary: `Shift ${row.number} closed by ${ctx.actor.name}: ${money(ctx, body.counted_cash)} counted, ${money(ctx, summary.expected_cash)} expected (${summary.difference! >= 0 ? 'over' : 'short'} ${money(ctx, Math.abs(summary.difference!))})`,
      before: { status: 'open' },
      after: { status: 'closed', counted_cash: body.counted_cash, expected_cash: summary.expected_cash },
    });
    await raiseWebhookEvents(trx, ctx.storeId, ctx.now, [{ type: 'shift.closed', data: summary }]);
    return { status: 200, body: summary };
  });
}

/** `GET /shifts/:id/report`: the Z-report's figures (the PDF is drawn from them). */
export const shiftReport = getShift;
