import { teamCatalogue } from './texts/team';
/** Names for the team area's texts the server sends, without schemas; the words, English and Hindi, live in the area's catalogue under texts/. */

export const teamMessages = {
  invalidUrl: teamCatalogue.en['team.invalidUrl'],
  nameMin: teamCatalogue.en['team.nameMin'],
  nameRequired: teamCatalogue.en['team.nameRequired'],
  teamNotFound: teamCatalogue.en['team.invalidUrl'],
  leadAdded: teamCatalogue.en['team.leadAdded'],
  leadCompleted: teamCatalogue.en['team.leadCompleted'],
  shareUnavailable: teamCatalogue.en['team.shareUnavailable'],
  projectUnavailable: teamCatalogue.en['team.projectUnavailable'],
  notYourLead: teamCatalogue.en['team.notYourLead'],
  noDetailsNeeded: teamCatalogue.en['team.noDetailsNeeded'],
  pincodeInvalid: teamCatalogue.en['team.pincodeInvalid'],
  inviteOnly: teamCatalogue.en['team.inviteOnly'],
  otpNotAsked: teamCatalogue.en['team.otpNotAsked'],
} as const;
