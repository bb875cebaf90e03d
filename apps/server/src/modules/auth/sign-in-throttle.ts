import { AppError } from '../../lib/app-error.js';
import type { RequestContext } from '../../lib/context.js';
import { addFailure, clearFailures, failuresOf, waitAtLeastUntil } from './sign-in-failures.repository.js';

/**
 * Sign-in slows down instead of locking (decision 0021). Wrong passwords are counted in the
 * database (every API process shares the counts) for the account from anywhere and for the
 * account from one address. Past a few free failures each further try must wait: 1 s, then
 * 2 s, 4 s … never more than a minute. A try that comes too early is answered 429 with that
 * short `Retry-After` and the password is not checked, so a guesser gets about 30 tries per
 * account in 15 minutes however many addresses they use. The account-wide wait does not
 * apply to a device or address the account signed in from before, so strangers' guesses
 * never keep the owner out.
 */
const WINDOW_MS = 15 * 60_000;
const MAX_DELAY_MS = 60_000;

export interface SignInKeys {
  /** Failures for the account from anywhere. */
  account: string;
  /** Failures for the account from this address. */
  address: string;
}

export const signInKeys = (email: string, ip: string | null): SignInKeys => ({
  account: `signin:account:${email}`,
  address: `signin:address:${email}:${ip ?? '-'}`,
});

/** The wait after the `failures`-th failure when `free` come without one: 1 s, 2 s, 4 s … 60 s. */
export function delayAfter(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(MAX_DELAY_MS, 1000 * 2 ** Math.min(failures - free, 16));
}

/**
 * Throws 429 when this try comes before the wait of the last failure is over. `trusted` (a known
 * device or address) skips the account-wide wait, never the one for its own address.
 */
export async function assertSignInAllowed(
  ctx: RequestContext,
  keys: SignInKeys,
  trusted: () => Promise<boolean>,
) {
  const now = ctx.now.getTime();
  const rows = await failuresOf(ctx.db, [keys.account, keys.address]);
  const waitFor = (key: string) => {
    const row = rows.find((r) => r.key === key);
    if (!row || row.window_start + WINDOW_MS <= now) return 0;
    return Math.max(0, row.next_at - now);
  };
  const address = waitFor(keys.address);
  if (address > 0) throw slowDown(address);
  const account = waitFor(keys.account);
  if (account > 0 && !(await trusted())) throw slowDown(account);
}

/** Counts a wrong password for both keys and sets when the next try may come. */
export async function recordSignInFailure(ctx: RequestContext, keys: SignInKeys): Promise<void> {
  const config = ctx.deps.config;
  await countFailure(ctx, keys.address, config.SIGNIN_FAILURES_BEFORE_DELAY);
  await countFailure(ctx, keys.account, config.SIGNIN_ACCOUNT_FAILURES_BEFORE_DELAY);
}

/** After the right password: this address starts afresh. The account's count runs out with its window. */
export async function clearAddressFailures(ctx: RequestContext, keys: SignInKeys): Promise<void> {
  await clearFailures(ctx.db, keys.address);
}

/** A password reset proves the mailbox: the account's own count starts afresh too. */
export async function clearAccountFailures(ctx: RequestContext, email: string): Promise<void> {
  await clearFailures(ctx.db, signInKeys(email, null).account);
}

async function countFailure(ctx: RequestContext, key: string, free: number): Promise<void> {
  const now = ctx.now.getTime();
  const failures = await addFailure(ctx.db, key, now, now - WINDOW_MS);
  const delay = delayAfter(failures, free);
  // Concurrent failures each set a wait; the longest one stands.
  if (delay > 0) await waitAtLeastUntil(ctx.db, key, now + delay);
}

function slowDown(waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError(
    'RATE_LIMITED',
    `Too many failed sign-in attempts for this account. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
    { headers: { 'retry-after': String(seconds) } },
  );
}
