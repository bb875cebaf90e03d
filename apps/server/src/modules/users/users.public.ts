/**
 * What other modules may use of the users module (decision 0025): accounts by email or id, a new
 * account, the account an invitation names, and a user's sessions.
 */
export {
  endSession,
  ensureInvitedUser,
  findUserByEmail,
  findUserById,
  insertSession,
  insertUser,
  leaveStoreInSessions,
  NO_PASSWORD,
  revokeSessions,
  signedInBefore,
  toUser,
  updateUser,
} from './users.repository.js';
