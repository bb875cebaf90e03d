import type { RequestContext } from '../../lib/context.js';
import type { Limit } from '../../lib/rate-limiter.js';

/** The rate limits of sign-in, codes and mail, shared by the auth services. */

export const FIFTEEN_MINUTES = 15 * 60_000;
export const LIMITS = {
  codePerAccount: { max: 10, windowMs: FIFTEEN_MINUTES },
  mailPerIp: { max: 10, windowMs: FIFTEEN_MINUTES },
  mailPerAccount: { max: 5, windowMs: FIFTEEN_MINUTES },
  signUpPerIp: { max: 20, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

/** Sign-in attempts from one address (any account), from the configuration. */
export const signInPerIp = (ctx: RequestContext): Limit => ({
  max: ctx.deps.config.SIGNIN_MAX_PER_IP_15MIN,
  windowMs: FIFTEEN_MINUTES,
});

/** Code, link and invitation checks from one address, from the configuration. */
export const codePerIp = (ctx: RequestContext): Limit => ({
  max: ctx.deps.config.CODE_CHECKS_MAX_PER_IP_15MIN,
  windowMs: FIFTEEN_MINUTES,
});
