/**
 * Every text the server (and the contract's own checks) hands a person to
 * read, keyed by a message code, in English. The code's entry in another
 * language's catalogue (`texts.hi.ts`) is what a reader of that language gets.
 *
 * The server and the contract keep producing the English text (so the spec's
 * words stay exactly as written, and a code that has no translation yet still
 * reads); `translateText` finds the code of a text, by its exact words or by a
 * template whose `{placeholders}` stand for the parts that vary, and answers
 * the other language's entry with those parts filled in. A text with no code
 * (something ops typed, a name) goes out as it is.
 */
import { campaignTexts } from './campaign-rules';
import { campaignLinkMessages } from './campaign-link-texts';
import { dataDownloadMessages } from './data-download-texts';
import { feedbackMessages } from './feedback-texts';
import { hiringMessages } from './hiring-texts';
import { messages } from './messages';
import { partnerMessages } from './partner-texts';
import { partnerTeamMessages } from './partner-team-texts';
import { profileMessages } from './partner-profile-texts';
import { supportTexts } from './support-texts';
import { teamMessages } from './team-texts';

export const texts = {
  // Platform and sign-in
  'common.success': 'Success',
  'common.uploaded': 'Uploaded',
  'common.somethingWentWrong': messages.somethingWentWrong,
  'common.invalidRequest': 'Invalid request',
  'common.unsupportedContentType': 'Unsupported content type',
  'common.mobileRequired': messages.mobileRequired,
  'common.invalidMobile': messages.invalidMobile,
  'common.otpRequired': messages.otpRequired,
  'common.otpInvalidFormat': messages.otpInvalidFormat,
  'common.otpSent': messages.otpSent,
  'common.otpAlreadySent': messages.otpAlreadySent,
  'common.otpWrong': messages.otpWrong,
  'common.otpWrongLeft': 'Incorrect OTP, please try again ({left} tries left)',
  'common.otpWrongOneLeft': 'Incorrect OTP, please try again (1 try left)',
  'common.otpExpired': messages.otpExpired,
  'common.otpUsed': messages.otpUsed,
  'common.otpTooManyTries': messages.otpTooManyTries,
  'common.otpNotRequested': messages.otpNotRequested,
  'common.otpRateLimited': messages.otpRateLimited,
  'common.otpWait': 'Please wait {seconds} seconds before asking for another OTP',
  'common.loginSuccess': messages.loginSuccess,
  'common.logoutSuccess': messages.logoutSuccess,
  'common.notLoggedIn': messages.notLoggedIn,
  'common.forbidden': messages.forbidden,
  'common.notFound': messages.notFound,
  'common.routeNotFound': messages.routeNotFound,
  'common.malformedJson': messages.malformedJson,
  'common.payloadTooLarge': messages.payloadTooLarge,
  'common.tooManyRequests': messages.tooManyRequests,
  'common.uploadFailed': messages.uploadFailed,
  'common.uploadFailedShort': messages.uploadFailedShort,
  'common.fileTypeNotAllowed': messages.fileTypeNotAllowed,
  'common.fileTypeNotAllowedList': 'This type of file is not allowed here ({extensions})',
  'common.fileTooLarge': messages.fileTooLarge,
  'common.fileAtMost': 'The file can be at most {mb} MB',
  'common.fileLinkExpired': messages.fileLinkExpired,
  'common.fileNotUploaded': messages.fileNotUploaded,
  'common.accountRemoved': messages.accountRemoved,
  'common.otpWrongTooOften': messages.otpWrongTooOften,
  'common.ticketUploadElsewhere': messages.ticketUploadElsewhere,
  'common.networkError': messages.networkError,
  'common.fileSize': 'File size is {size}MB, It should be less than {max}MB',
  'common.invalidUploadLink': 'Invalid upload link',
  'common.invalidFileLink': 'Invalid file link',
  'common.fileNotFound': 'File not found',
  'common.fileIdNotFound': 'File {id} not found',
  'common.fileNotForThis': 'File {id} was not uploaded for this',
  'common.filePurposeMismatch': 'This file was uploaded for something else',
  'common.fileNameRequired': 'File name is required',
  'common.userNotFound': 'User not found',
  'common.projectNotFound': 'Project not found',
  'common.leadNotFound': 'Lead not found',
  'common.formNotFound': 'Form not found',
  'common.documentNotFound': 'Document not found',
  'common.nameRequired': 'Name is required',
  'common.numberRequired': 'Number is required',
  'common.numberRequiredLower': 'Document number is required',
  'common.mustBeNumber': 'must be a number',
  'common.datesFormat': 'Dates must be YYYY-MM-DD',
  'common.datesFormatLook': 'Dates must look like YYYY-MM-DD',
  'common.invalidValue': 'Invalid value',

  // KYC, documents and the lead form
  'kyc.panRequired': 'PAN number is required',
  'kyc.panInvalid': 'Invalid PAN number, it should look like ABCDE1234F',
  'kyc.aadhaarRequired': 'Aadhaar number is required',
  'kyc.aadhaarDigits': 'Aadhaar number must be 12 digits',
  'kyc.aadhaarInvalid': 'Invalid Aadhaar number, please check it',
  'kyc.gstRequired': 'GST number is required',
  'kyc.gstInvalid': 'Invalid GST number, please check it',
  'kyc.invalidNumber': 'Invalid document number',
  'kyc.alreadyAdded': '{type} is already added and cannot be changed',
  'kyc.ownDocuments': 'You can only add your own documents',
  'kyc.ownDocumentsSee': 'You can only see your own documents',
  'leadForm.required': '{label} is required',
  'leadForm.notANumber': '{label} must be a number',
  'leadForm.invalidEmail': 'Invalid email address',
  'leadForm.notAnOption': 'Please choose one of the options for {label}',
  'leadForm.fileMissing': 'Please upload {label}',
  'leadForm.locationNotSelected': 'Location not selected',
  'leadForm.unknownInput': 'This field is not on the form',
  'lead.unavailable': 'This project is not taking leads right now',
  'lead.duplicate': 'A lead for {mobile} was already added for {project} in the last {days} days',
  'lead.mobileLocked': 'The customer mobile of a lead cannot be changed',
  'lead.keyTaken': 'This submission key was already used for another lead',
  'lead.inputNotFile': partnerMessages.inputNotFile,
  'lead.inputNotFound': partnerMessages.inputNotFound,
  'lead.inputFilled': partnerMessages.inputFilled,
  'lead.fileWrongType': partnerMessages.fileWrongType,

  // Campaign page
  'campaign.invalidLink': campaignTexts.invalidLink,
  'campaign.somethingWentWrong': campaignTexts.somethingWentWrong,
  'campaign.noProducts': campaignTexts.noProducts,
  'campaign.verificationSuccessful': campaignTexts.verificationSuccessful,
  'campaign.redirecting': campaignTexts.redirecting,
  'campaign.leadAdded': campaignTexts.leadAdded,
  'campaign.notEligible': campaignTexts.notEligible,
  'campaign.productUnavailable': campaignTexts.productUnavailable,
  'campaign.productNotAvailable': campaignTexts.productNotAvailable,
  'campaign.consentNotFound': campaignTexts.consentNotFound,
  'campaign.otpNeeded': campaignTexts.otpNeeded,
  'campaign.loggedOut': campaignTexts.loggedOut,
  'campaign.productNotFound': 'Product not found',
  'campaign.incomeNumber': 'Monthly Income must be a number',
  'campaign.incomeAtLeast': 'Monthly income must be at least {amount}',
  'campaign.incomeAtMost': 'Monthly income must be at most {amount}',
  'campaign.scoreAtLeast': 'Credit score must be at least {score}',
  'campaign.scoreAtMost': 'Credit score must be at most {score}',
  'campaign.ageAtLeast': 'Age must be at least {age} years',
  'campaign.ageAtMost': 'Age must be at most {age} years',
  'campaign.codeFormat': campaignLinkMessages.codeFormat,
  'campaign.codeTaken': campaignLinkMessages.codeTaken,
  'campaign.codeSame': campaignLinkMessages.codeSame,
  'campaign.codeChangedOnce': campaignLinkMessages.codeChangedOnce,
  'campaign.codeChanged': campaignLinkMessages.codeChanged,
  'campaign.selfReferralCampaign': campaignLinkMessages.selfReferralCampaign,
  'campaign.selfReferralTeam': campaignLinkMessages.selfReferralTeam,

  // Job page, details and slots
  'hiring.linkCopied': hiringMessages.linkCopied,
  'hiring.kycNeeded': hiringMessages.kycNeeded,
  'hiring.jobNotFound': hiringMessages.jobNotFound,
  'hiring.locationNotOfJob': hiringMessages.locationNotOfJob,
  'hiring.applicationsClosed': hiringMessages.applicationsClosed,
  'hiring.ownLink': hiringMessages.ownLink,
  'hiring.recruiterNotFound': hiringMessages.recruiterNotFound,
  'hiring.applied': hiringMessages.applied,
  'hiring.notApplied': hiringMessages.notApplied,
  'hiring.slotFull': hiringMessages.slotFull,
  'hiring.slotPast': hiringMessages.slotPast,
  'hiring.slotNotOfJob': hiringMessages.slotNotOfJob,
  'hiring.slotNotOfLocation': hiringMessages.slotNotOfLocation,
  'hiring.bookingDateMismatch': hiringMessages.bookingDateMismatch,
  'hiring.alreadyBooked': hiringMessages.alreadyBooked,
  'hiring.slotBooked': hiringMessages.slotBooked,
  'hiring.slotRescheduled': hiringMessages.slotRescheduled,
  'hiring.noBooking': hiringMessages.noBooking,
  'hiring.interviewStarted': hiringMessages.interviewStarted,
  'hiring.nameUpdated': hiringMessages.nameUpdated,
  'hiring.documentAdded': hiringMessages.documentAdded,
  'hiring.ownDataOnly': hiringMessages.ownDataOnly,
  'hiring.bookingDateShape': hiringMessages.bookingDateShape,
  'hiring.trackingInvalid': hiringMessages.trackingInvalid,
  'hiring.slotNotFound': 'Slot not found',
  'hiring.applicationNotFound': 'Application not found',
  'hiring.locationNotFound': 'Location not found for this project',
  'hiring.payRange': '{min} - {max} a month',
  'hiring.payUpTo': 'Up to {max} a month',
  'hiring.payFrom': 'From {min} a month',

  // Partner portal
  'partner.leadNotFound': partnerMessages.leadNotFound,
  'partner.attachmentAdded': partnerMessages.attachmentAdded,
  'partner.fileRequired': partnerMessages.fileRequired,
  'partner.customerNotFound': partnerMessages.customerNotFound,
  'partner.callNotFound': partnerMessages.callNotFound,
  'partner.callStarted': partnerMessages.callStarted,
  'partner.callFailed': partnerMessages.callFailed,
  'partner.callInProgress': partnerMessages.callInProgress,
  'partner.customerCallLimit': partnerMessages.customerCallLimit,
  'partner.dateOrder': partnerMessages.dateOrder,
  'partner.allLeadStatus': 'All Lead Status',
  'partner.statusPending': 'Pending',
  'partner.statusApproved': 'Approved',
  'partner.statusRejected': 'Rejected',
  'partner.statusExpired': 'Expired',
  'profile.updated': profileMessages.updated,
  'profile.accountMismatch': profileMessages.accountMismatch,
  'profile.bankLimit': profileMessages.bankLimit,
  'profile.bankAdded': profileMessages.bankAdded,
  'profile.bankNotFound': profileMessages.bankNotFound,
  'profile.bankNotVerified': profileMessages.bankNotVerified,
  'profile.bankDuplicate': profileMessages.bankDuplicate,
  'profile.defaultSet': profileMessages.defaultSet,
  'profile.ifscInvalid': profileMessages.ifscInvalid,
  'profile.ifscUnknown': profileMessages.ifscUnknown,
  'profile.accountInvalid': profileMessages.accountInvalid,
  'profile.accountRequired': profileMessages.accountRequired,
  'profile.emailInvalid': profileMessages.emailInvalid,
  'profile.pincodeInvalid': profileMessages.pincodeInvalid,
  'profile.documentAdded': profileMessages.documentAdded,
  'profile.pictureNotYours': 'This picture is not yours',
  'profile.bankRemoved': profileMessages.bankRemoved,
  'profile.bankNotRemovable': profileMessages.bankNotRemovable,
  'profile.businessNote': profileMessages.businessNote,
  'profile.gstNote': profileMessages.gstNote,
  'wallet.leadApproved': 'Lead approved',
  'wallet.leadApprovedFor': 'Lead approved: {project}',
  'wallet.leadReversed': 'Lead rejected after approval',
  'wallet.leadReversedFor': 'Lead rejected after approval: {project}',
  'wallet.payout': 'Payout',
  'wallet.payoutToBank': 'Payout to bank',
  'wallet.payoutRun': 'Payout run {id}',
  'wallet.payoutRunReason': 'Payout run {id}: {reason}',
  'wallet.payoutReturned': 'Payout returned',
  'wallet.tds': 'TDS u/s 194H',
  'wallet.tdsReversed': 'TDS u/s 194H reversed: payout returned',
  'profile.ownBanks': 'You can only add your own bank details',
  'profile.genderMale': 'Male',
  'profile.genderFemale': 'Female',
  'profile.genderOther': 'Other',
  'partner.earnPerJoining': 'Earn {amount} per joining',
  'partner.earnPerJoiningLevel': 'Earn {amount} per joining ({level} level)',
  'partner.earnPerJoiningBonus': 'Earn {amount} per joining ({level} level +{bonus}%)',
  'partner.levelStarter': 'Starter',
  'partner.levelSilver': 'Silver',
  'partner.levelGold': 'Gold',
  'partner.levelPlatinum': 'Platinum',

  // Team area
  'team.invalidUrl': teamMessages.invalidUrl,
  'team.nameMin': teamMessages.nameMin,
  'team.inviteOnly': teamMessages.inviteOnly,
  'team.otpNotAsked': teamMessages.otpNotAsked,
  'team.leadAdded': teamMessages.leadAdded,
  'team.leadCompleted': teamMessages.leadCompleted,
  'team.shareUnavailable': teamMessages.shareUnavailable,
  'team.notYourLead': teamMessages.notYourLead,
  'team.noDetailsNeeded': teamMessages.noDetailsNeeded,
  'team.teamNotFound': 'Team not found',
  'team.memberNotFound': 'Team member not found',
  'team.codeTaken': 'This team code is taken',
  'team.thisWeek': 'This Week',
  'team.lastWeek': 'Last Week',
  'team.thisMonth': 'This Month',
  'team.lastMonth': 'Last Month',
  'team.last3Months': 'Last 3 Months',
  'team.last6Months': 'Last 6 Months',
  'team.all': 'All',
  'team.statusAdded': 'Added',
  'team.statusVerified': 'Verified',

  // Support
  'support.callbackRequested': supportTexts.callbackRequested,
  'support.callbackAccepted': supportTexts.callbackAccepted,
  'support.callbackAlreadyRequested': supportTexts.callbackAlreadyRequested,
  'support.resolvedHistory': supportTexts.resolvedHistory,
  'support.callConnected': supportTexts.callConnected,
  'support.callUserFailed': supportTexts.callUserFailed,
  'support.callFailedStatus': 'Support team tried to calling you, but got failed due to call status - {status}',
  // The call statuses that line ends with, so a Hindi reader reads the status in Hindi too.
  'support.callStatusNoAnswer': 'no-answer',
  'support.callStatusBusy': 'busy',
  'support.callStatusFailed': 'failed',
  'support.notAbleToGetDetails': supportTexts.notAbleToGetDetails,
  'support.chatRequired': supportTexts.chatRequired,
  'support.chooseTicket': supportTexts.chooseTicket,
  'support.chooseTicketType': supportTexts.chooseTicketType,
  'support.callDirection': supportTexts.callDirection,
  'support.callOutcome': supportTexts.callOutcome,
  'support.chatTooLong': 'Your message can have at most {n} characters',
  'support.commentTooLong': 'Your feedback can have at most {n} characters',
  'support.ticketNotFound': supportTexts.ticketNotFound,
  'support.ticketClosed': supportTexts.ticketClosed,
  'support.chatTooFast': supportTexts.chatTooFast,
  'support.messageNotFound': 'Message not found',
  'support.rateOnlyAnswered': supportTexts.rateOnlyAnswered,
  'support.notYourUser': supportTexts.notYourUser,
  'support.attachmentType': 'Please choose an image (png, jpg, jpeg), an mp4 video or a pdf',
  'support.selectProject': 'Please select a project',
  'support.selectLead': 'Please select a lead',
  'support.selectRecharge': 'Please select a recharge',
  'support.typeNoTag': 'This query type does not point at a project, lead or recharge',
  'support.typeNotAvailable': 'This query type is not available to you',
  'support.notYourProject': 'You cannot raise a query about this project',
  'support.notYourLead': 'You cannot raise a query about this lead',
  'support.leadNotOfProject': 'The lead is not of the selected project',
  'support.notYourRecharge': 'You cannot raise a query about this recharge',
  'support.fileNotForQuery': 'The file was not uploaded for this query',
  'support.fileIdNotForQuery': 'File {id} was not uploaded for this query',
  'support.queryRaised': 'Query raised',
  'support.markedResolved': 'Marked resolved',
  'support.queryClosed': 'Query closed',
  'support.callLogged': 'Call logged',
  'support.alreadyResolved': 'This query is already marked resolved',
  'support.alreadyClosed': 'This query is already closed',
  'support.thanksFeedback': 'Thanks for your feedback',
  'support.ratingRequired': 'Please choose a rating',
  'support.ratingRange': 'Rating must be 1 to 5',
  'support.titleRequired': 'Query title is required',
  'support.typeRequired': 'Please choose a query type',
  'team.datesOrder': 'The start date must not be after the end date',
  'support.closedGlad': "Ticket closed! Thanks! We're glad your query is resolved.",
  'support.closedThanks': "Ticket closed! Thanks for your feedback. We're here if you need anything else.",
  'support.closedSorry': "Ticket closed! We're sorry for any inconvenience. We're working to improve.",
  'support.hello': 'Hi {name}! I am PIKU, your PickMyWork support buddy. {rest}',
  'support.helloNoName': 'Hi! I am PIKU, your PickMyWork support buddy. {rest}',
  'support.greet10':
    'Watch our introduction video: it shows how to earn with PickMyWork in a few simple steps. If anything is still unclear, tell us here and our team will reply.',
  'support.greet10NoVideo':
    'Tell us what you would like to know about getting started with PickMyWork and our team will guide you step by step.',
  'support.greet20': "Tell us which part of the project's training is unclear and our team will guide you.",
  'support.greet30':
    'We have noted the lead you picked. Tell us what happened with it and our team will check its status with the company.',
  'support.greet40': 'We have noted the rejected lead. Tell us why you think it should be approved and our team will review it.',
  'support.greet50': 'Please tell us which payment you are asking about (amount and date) and our team will check it.',
  'support.greet60': 'We have noted the recharge you picked. Our team will check it with the operator and reply here.',
  'support.greet0': 'Please describe your query and our team will reply here as soon as possible.',
  'support.typeHowToStart': 'How to Start',
  'support.typeTraining': "Project's Training",
  'support.typePending': 'Pending/Expired Tasks',
  'support.typeRejected': 'Rejected Tasks',
  'support.typePayment': 'Payment Query',
  'support.typeRecharge': 'Recharge',
  'support.typeOthers': 'Others',

  // Merchant feedback
  'feedback.thankYou': feedbackMessages.thankYou,
  'feedback.linkInvalid': feedbackMessages.linkInvalid,
  'feedback.linkLocked': feedbackMessages.linkLocked,
  'feedback.addressLocked': feedbackMessages.addressLocked,
  'feedback.merchantSms': feedbackMessages.merchantSms,
  'partnerTeam.notManager': partnerTeamMessages.notManager,
  'partnerTeam.memberNotFound': partnerTeamMessages.memberNotFound,
  'partnerTeam.memberAdded': partnerTeamMessages.memberAdded,
  'partnerTeam.memberBlocked': partnerTeamMessages.memberBlocked,
  'partnerTeam.memberUnblocked': partnerTeamMessages.memberUnblocked,
  'feedback.linkCodeShape': feedbackMessages.linkCodeShape,
  'feedback.startDateShape': feedbackMessages.startDateShape,
  'feedback.endDateShape': feedbackMessages.endDateShape,
  'ops.joinPolicy': 'Choose who may join: open or invite only',
  'feedback.reasonExplain': 'Did not explain product properly',
  'feedback.reasonHurry': 'Was in hurry',
  'feedback.reasonRude': 'Speaking rudely',
  'feedback.reasonOther': 'Other',
  'feedback.reasonGoodSales': 'Good Sales Person',
  'feedback.reasonConversation': 'Great conversation',
  'feedback.reasonExplained': 'Explained the product clearly',

  // Data download
  'dataDownload.fileRequired': dataDownloadMessages.fileRequired,
  'dataDownload.passcodeRequired': dataDownloadMessages.passcodeRequired,
  'dataDownload.passcodeWrong': dataDownloadMessages.passcodeWrong,
  'dataDownload.passcodeLocked': dataDownloadMessages.passcodeLocked,
  'dataDownload.notSpreadsheet': dataDownloadMessages.notSpreadsheet,
  'dataDownload.noLeadColumn': dataDownloadMessages.noLeadColumn,
  'dataDownload.empty': dataDownloadMessages.empty,
  'dataDownload.tooLarge': dataDownloadMessages.tooLarge,
  'dataDownload.tooManyRows': dataDownloadMessages.tooManyRows,
  'dataDownload.fileMissing': dataDownloadMessages.fileMissing,
  'dataDownload.uploadFile': 'Please upload a file',
  'dataDownload.notConfigured': 'The data download is not configured on this server',

  // Validation messages that name their field in words (see validation.ts)
  'validation.field': 'Check {field}: {message}',
  'validation.tooLong': '{field} can have at most {n} characters',

  // SMS
  'sms.otp': '{otp} is your PickMyWork OTP. It is valid for 5 minutes. Do not share it with anyone.',
  'sms.creditOtp':
    '{otp} is your OTP to let PickMyWork check your credit profile for {project}. Share it only if you agree. Valid for 5 minutes.',
  'sms.thisProduct': 'this product',
} as const;

export type TextCode = keyof typeof texts;
/** Another language's catalogue: every code, the same placeholders. */
export type TextTranslation = { readonly [K in TextCode]: string };

/**
 * API field names in words, for validation messages in another language
 * (`first_name` → "नाम"). A field missing here is named as it is.
 */
export type FieldNames = Readonly<Record<string, string>>;

export const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Index {
  exact: Map<string, TextCode>;
  templates: { code: TextCode; pattern: RegExp; names: string[] }[];
}
let index: Index | undefined;

function buildIndex(): Index {
  const exact = new Map<string, TextCode>();
  const templates: Index['templates'] = [];
  for (const [code, english] of Object.entries(texts) as [TextCode, string][]) {
    if (code === 'validation.field') continue;
    const names = [...english.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    if (!names.length) {
      if (!exact.has(english)) exact.set(english, code);
      continue;
    }
    const source = english
      .split(/(\{\w+\})/)
      .map((part) => (/^\{\w+\}$/.test(part) ? '(.+?)' : escape(part)))
      .join('');
    templates.push({ code, pattern: new RegExp(`^${source}$`, 's'), names });
  }
  // The longest fixed text first: the most specific template wins.
  templates.sort((a, b) => fixedLength(texts[b.code]) - fixedLength(texts[a.code]));
  return { exact, templates };
}
const fixedLength = (template: string) => template.replace(/\{\w+\}/g, '').length;

/** The code and the varying parts of an English text, or undefined when it has none. */
export function findText(english: string): { code: TextCode; vars: Record<string, string> } | undefined {
  index ??= buildIndex();
  const code = index.exact.get(english);
  if (code) return { code, vars: {} };
  for (const t of index.templates) {
    const m = t.pattern.exec(english);
    if (m) return { code: t.code, vars: Object.fromEntries(t.names.map((n, i) => [n, m[i + 1]!])) };
  }
  return undefined;
}

/** A field in words ("First name") in another language, by its API name; as it is when unknown. */
const fieldName = (words: string, fieldNames: FieldNames) => fieldNames[words.trim().toLowerCase().replace(/ +/g, '_')] ?? words;

export const fillText = (template: string, vars: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));

/**
 * An English text in another language: its code's entry with the varying
 * parts filled in (a part that is itself a known text is translated too, e.g.
 * the level's name). A validation message `field: message` gets the field in
 * words. A text with no code is answered unchanged.
 */
export function translateText(english: string, translation: TextTranslation, fieldNames: FieldNames = {}): string {
  const field = /^Check ([a-z0-9 ]+): (.+)$/s.exec(english);
  if (field) {
    const message = findText(field[2]!) ? translateText(field[2]!, translation, fieldNames) : translation['common.invalidValue'];
    return fillText(translation['validation.field'], { field: fieldName(field[1]!, fieldNames), message });
  }
  const found = findText(english);
  if (!found) return english;
  const vars = Object.fromEntries(
    Object.entries(found.vars).map(([k, v]) => {
      if (k === 'field') return [k, fieldName(v, fieldNames)];
      const inner = index!.exact.get(v);
      return [k, inner ? translation[inner] : v];
    }),
  );
  return fillText(translation[found.code], vars);
}
