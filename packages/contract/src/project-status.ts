/*
 * A project's (a job's) states as the database keeps them. No zod here: the
 * public job page reads them in its light entry.
 */

/** A project ops archived takes no leads and shows its archive message (`jobs.archive_status`, and the applications' own). */
export const PROJECT_ARCHIVE_STATUS = { live: 0, archived: 1 } as const;
/** How partners work a project: add leads, or share its link (`jobs.action_status`). */
export const PROJECT_ACTION_STATUS = { addLead: 10, shareLink: 20 } as const;
