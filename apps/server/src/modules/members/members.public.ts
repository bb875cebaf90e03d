/**
 * What other modules may use of the members module (decision 0025): an invitation opened from
 * its emailed link, and accepting it (the auth module signs the person in).
 */
export {
  activateMembership,
  findInvitation,
  findInvitedMembership,
  invitationDetailsByToken,
  takeInvitation,
} from './invitations.repository.js';

/**
 * A person's standing in a store: their name and what their role lets them do, or null when they
 * are not an active member (another helper's approval at the till, decision 0065).
 */
export { memberStanding } from './members.repository.js';
