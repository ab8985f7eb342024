/*
 * A lead's state, as the database keeps it on `form_responses`: its status
 * (pending, approved, rejected), whether it awaits more details (sub_status)
 * and whether it expired unanswered (archive_status). Every rule and every
 * SQL statement names these values from here; the database's functions get
 * them from src/db/sql/contract-constants.sql, generated from this file.
 */

export const LEAD_STATUS = { pending: 0, approved: 1, rejected: 2 } as const;
export type LeadStatus = (typeof LEAD_STATUS)[keyof typeof LEAD_STATUS];

/** A pending lead that ops sent back for more details (the team area's 'Add Details'). */
export const LEAD_SUB_STATUS = { none: 0, needsDetails: 1 } as const;

/** A pending lead the expiry job archived when its project's time ran out: the reports call it Expired. */
export const LEAD_ARCHIVE_STATUS = { live: 0, expired: 1 } as const;

/**
 * The value the reports' status filters (the partner's and the team's) use
 * for Expired leads, beside the stored statuses: a pending lead that was archived.
 */
export const LEAD_EXPIRED_FILTER = 3;

export type LeadStatusText = 'Expired' | 'Approved' | 'Rejected' | 'Pending';

/**
 * How the Leads Report (its page, its CSV and the data download) names a
 * lead's state: the first rule that matches, else Pending. The CSV's SQL is
 * built from this table (`leadStatusTextSql` in the partner report), so the
 * two say the same.
 */
export const LEAD_STATUS_TEXT_RULES: readonly { column: 'archive_status' | 'status'; value: number; text: LeadStatusText }[] = [
  { column: 'archive_status', value: LEAD_ARCHIVE_STATUS.expired, text: 'Expired' },
  { column: 'status', value: LEAD_STATUS.approved, text: 'Approved' },
  { column: 'status', value: LEAD_STATUS.rejected, text: 'Rejected' },
];
export const LEAD_STATUS_TEXT_OTHERWISE: LeadStatusText = 'Pending';

/** Status text of a lead, by LEAD_STATUS_TEXT_RULES. */
export function leadStatusText(lead: { status: number; archive_status: number }): LeadStatusText {
  return LEAD_STATUS_TEXT_RULES.find((r) => lead[r.column] === r.value)?.text ?? LEAD_STATUS_TEXT_OTHERWISE;
}
