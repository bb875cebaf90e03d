/**
 * What other modules may use of the stores module (decision 0025): a new store with its roles
 * and owner (onboarding, the demo), a store's details, the stores a user belongs to, the
 * session's current store, memberships, how many stores a user owns (plan limits), and the
 * address change, whose time zone the reports module follows in the same transaction, and the
 * store's zone row, which the sales figures lock to date a sale (decision 0049).
 */
export {
  createSandboxTwin,
  createStoreRecords,
  updateStoreAddress,
  type AlongStoreChange,
  type NewStore,
} from './stores.service.js';
export {
  countOwnedStores,
  holdStoreZone,
  insertMembership,
  findStore,
  listUserStores,
  sessionStoreId,
  setSessionStore,
  toStore,
  updateStore,
  zoneGuardSql,
} from './stores.repository.js';
