/**
 * What other modules may use of the stores module (decision 0025): a new store with its roles
 * and owner (onboarding, the demo), a store's details, the stores a user belongs to, the
 * session's current store, memberships, how many stores a user owns (plan limits), and the
 * address change, whose time zone the reports module follows in the same transaction.
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
  insertMembership,
  findStore,
  listUserStores,
  sessionStoreId,
  setSessionStore,
  toStore,
  updateStore,
} from './stores.repository.js';
