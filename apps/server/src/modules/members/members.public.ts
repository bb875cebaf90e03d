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
