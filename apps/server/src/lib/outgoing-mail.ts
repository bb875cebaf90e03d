import { AppError } from './app-error.js';
import type { RequestContext, StoreContext } from './context.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/**
 * Mail a store sends to other people (invitations, invoices) needs a verified sender: an
 * account nobody has proved to own must not make Tillbook write to strangers (decision 0020).
 * API keys pass: making one needs a verified email.
 */
export function assertCanMailOthers(ctx: RequestContext, doing: string): void {
  if (ctx.actor?.type === 'user' && !ctx.user?.email_verified) {
    throw new AppError('FORBIDDEN', `Verify your email address before ${doing}.`);
  }
}

/**
 * Counts one message to `recipient` against the store's hourly allowance and the recipient's
 * daily one (across every store), in the shared `rate_limits` table. Throws 429 with
 * `Retry-After` past either, before anything is written or sent.
 */
export async function consumeMailQuota(
  ctx: StoreContext,
  kind: 'invitation' | 'invoice',
  recipient: string,
): Promise<void> {
  const config = ctx.deps.config;
  const [perStore, perRecipient, what] =
    kind === 'invitation'
      ? [config.INVITATIONS_PER_STORE_HOUR, config.INVITATIONS_PER_RECIPIENT_DAY, 'invitations']
      : [config.INVOICE_EMAILS_PER_STORE_HOUR, config.INVOICE_EMAILS_PER_RECIPIENT_DAY, 'emails'];
  await ctx.deps.rateLimiter.consume(
    `mail:${kind}:store:${ctx.storeId}`,
    { max: perStore, windowMs: HOUR },
    `${what} from this store`,
  );
  await ctx.deps.rateLimiter.consume(
    `mail:${kind}:to:${recipient.toLowerCase()}`,
    { max: perRecipient, windowMs: DAY },
    `${what} to this address`,
  );
}

/**
 * Text someone chose (a store or role name), quoted so it reads as a name and not as our
 * words: on one line, at most 80 characters, between curly quotes.
 */
export function quoted(text: string): string {
  // Control characters and direction overrides would let a name rearrange the line around it.
  const line = text
    .replace(/[\p{Cc}\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `“${line.length > 80 ? `${line.slice(0, 79)}…` : line}”`;
}
