/** The partner Team page's texts the server sends, without schemas (the browser's translation index imports them). */

export const partnerTeamMessages = {
  notManager: 'You do not manage a team',
  memberNotFound: 'This person is not a member of your team',
  memberAdded: 'Member added',
  memberBlocked: 'Member blocked',
  memberUnblocked: 'Member unblocked',
} as const;
