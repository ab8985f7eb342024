import { partnerCatalogue } from './texts/partner';
/** Names for the partner Team page's texts the server sends, without schemas; the words, English and Hindi, live in the area's catalogue under texts/. */

export const partnerTeamMessages = {
  notManager: partnerCatalogue.en['partnerTeam.notManager'],
  memberNotFound: partnerCatalogue.en['partnerTeam.memberNotFound'],
  memberAdded: partnerCatalogue.en['partnerTeam.memberAdded'],
  memberBlocked: partnerCatalogue.en['partnerTeam.memberBlocked'],
  memberUnblocked: partnerCatalogue.en['partnerTeam.memberUnblocked'],
} as const;
