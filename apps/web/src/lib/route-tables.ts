// The contract's route tables carry zod schemas, and zod with them is about 30 KB of gzip. The
// calls the sign-in screen and the session check make load their table when first made, after the
// first paint, so the sign-in route stays within its budget (scripts/check-bundle.mjs, decision
// 0023). Other screens import their tables directly: they load after sign-in.
export const authTable = async () => (await import('@tillbook/contract/auth')).authRoutes;
export const storesTable = async () => (await import('@tillbook/contract/stores')).storesRoutes;
export const analyticsTable = async () => (await import('@tillbook/contract/users')).analyticsRoutes;
export const usersTable = async () => (await import('@tillbook/contract/users')).usersRoutes;
