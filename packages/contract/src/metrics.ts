/**
 * Label values of the server's Prometheus metrics that name things of the
 * domain (docs/deploy.md, Metrics, lists the metrics and the alerts on them).
 */

/** Where a lead came in: a customer on a partner's campaign page, or a field agent of a team. */
export const LEAD_INTAKE_SOURCE = { campaign: 'campaign', team: 'team' } as const;
export type LeadIntakeSource = (typeof LEAD_INTAKE_SOURCE)[keyof typeof LEAD_INTAKE_SOURCE];

/** The lead expiry job's runs, as counted by the process that ran them. */
export const JOB_RUN_RESULT = { ok: 'ok', failed: 'failed' } as const;
