/**
 * What other modules may use of the stores module (decision 0025): a new store with its roles
 * and owner (onboarding, the demo), a store's details, the stores a user belongs to, the
 * session's current store, memberships, and how many stores a user owns (plan limits).
 */
export { createSandboxTwin, createStoreRecords, type NewStore } from './stores.service.js';
export {
  countOwnedStores,
  insertMembership,
  listUserStores,
  setSessionStore,
  toStore,
  updateStore,
} from './stores.repository.js';
