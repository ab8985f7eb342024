-- owner: dashboard
-- read model: its triggers read each statement's changed leads (form_responses, the leads
-- module's table) in the same transaction, so the days never wait for a job; it writes only
-- the dashboard's tables.
-- Dashboard days (the dashboards' lead numbers): statement triggers on
-- form_responses add each statement's changes to partner_days (a partner's
-- leads) and team_days (a team member's) in the same transaction, whoever
-- writes the leads, as the lead counters do; the ops dashboard sums both by
-- day, so no one row is shared by every lead of a day. A lead counts on the
-- IST day it came in: +1 in its new state, -1 in its old one; rows are summed
-- per key first and applied in key order, so concurrent writers lock dashboard
-- days in one order. Statuses come from contract-constants.sql.

-- What one lead adds to its partner's day, times n (1 arriving, -1 leaving).
CREATE FUNCTION "partner_day_changes"(r "form_responses", n integer) RETURNS SETOF "partner_days" LANGUAGE sql IMMUTABLE AS $$
  SELECT r.partner_user_id, (r.created_on AT TIME ZONE 'Asia/Kolkata')::date, r.job_id,
    n,
    CASE WHEN r.status = "lead_status_approved"() THEN n ELSE 0 END,
    CASE WHEN r.status = "lead_status_approved"() AND r.payout_paise > 0 THEN n ELSE 0 END,
    CASE WHEN r.status = "lead_status_approved"() THEN n::bigint * r.payout_paise ELSE 0 END,
    CASE WHEN r.status = "lead_status_pending"() AND r.archive_status = "lead_archive_status_live"() THEN n::bigint * r.payout_paise ELSE 0 END,
    CASE WHEN r.status = "lead_status_rejected"() THEN n ELSE 0 END,
    CASE WHEN r.status = "lead_status_pending"() AND r.archive_status = "lead_archive_status_expired"() THEN n ELSE 0 END
  WHERE r.partner_user_id IS NOT NULL
$$;
--> statement-breakpoint
-- What one lead adds to its team member's day, times n.
CREATE FUNCTION "team_day_changes"(r "form_responses", n integer) RETURNS SETOF "team_days" LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(r.team_id, 0), r.team_member_user_id, (r.created_on AT TIME ZONE 'Asia/Kolkata')::date, r.job_id,
    n,
    CASE WHEN r.status = "lead_status_approved"() THEN n ELSE 0 END,
    CASE WHEN r.status = "lead_status_rejected"() THEN n ELSE 0 END,
    CASE WHEN r.status = "lead_status_approved"() AND r.payout_paise > 0 THEN n ELSE 0 END,
    CASE WHEN r.status = "lead_status_approved"() THEN n::bigint * r.payout_paise ELSE 0 END,
    CASE WHEN r.status = "lead_status_pending"() AND r.archive_status = "lead_archive_status_live"() THEN n::bigint * r.payout_paise ELSE 0 END,
    CASE WHEN r.status = "lead_status_pending"() AND r.archive_status = "lead_archive_status_expired"() THEN n ELSE 0 END
  WHERE r.team_member_user_id IS NOT NULL
$$;
--> statement-breakpoint
CREATE FUNCTION "partner_days_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes "partner_days"[] := '{}';
  team_changes "team_days"[] := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN
    changes := ARRAY(SELECT k FROM new_rows r, "partner_day_changes"(r, 1) k);
    team_changes := ARRAY(SELECT k FROM new_rows r, "team_day_changes"(r, 1) k);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    changes := changes || ARRAY(SELECT k FROM old_rows r, "partner_day_changes"(r, -1) k);
    team_changes := team_changes || ARRAY(SELECT k FROM old_rows r, "team_day_changes"(r, -1) k);
  END IF;
  INSERT INTO "partner_days" AS d ("partner_user_id", "day", "job_id", "leads", "approved", "paid", "approved_paise", "pending_paise", "rejected", "expired")
  SELECT k.partner_user_id, k.day, k.job_id, sum(k.leads)::int, sum(k.approved)::int, sum(k.paid)::int, sum(k.approved_paise)::bigint, sum(k.pending_paise)::bigint,
    sum(k.rejected)::int, sum(k.expired)::int
  FROM unnest(changes) k
  GROUP BY 1, 2, 3
  HAVING sum(k.leads) <> 0 OR sum(k.approved) <> 0 OR sum(k.paid) <> 0 OR sum(k.approved_paise) <> 0 OR sum(k.pending_paise) <> 0
    OR sum(k.rejected) <> 0 OR sum(k.expired) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT ("partner_user_id", "day", "job_id") DO UPDATE SET
    "leads" = d."leads" + excluded."leads",
    "approved" = d."approved" + excluded."approved",
    "paid" = d."paid" + excluded."paid",
    "approved_paise" = d."approved_paise" + excluded."approved_paise",
    "pending_paise" = d."pending_paise" + excluded."pending_paise",
    "rejected" = d."rejected" + excluded."rejected",
    "expired" = d."expired" + excluded."expired";
  INSERT INTO "team_days" AS d ("team_id", "member_user_id", "day", "job_id", "leads", "approved", "rejected", "paid", "approved_paise", "pending_paise", "expired")
  SELECT k.team_id, k.member_user_id, k.day, k.job_id, sum(k.leads)::int, sum(k.approved)::int, sum(k.rejected)::int, sum(k.paid)::int,
    sum(k.approved_paise)::bigint, sum(k.pending_paise)::bigint, sum(k.expired)::int
  FROM unnest(team_changes) k
  GROUP BY 1, 2, 3, 4
  HAVING sum(k.leads) <> 0 OR sum(k.approved) <> 0 OR sum(k.rejected) <> 0 OR sum(k.paid) <> 0 OR sum(k.approved_paise) <> 0 OR sum(k.pending_paise) <> 0
    OR sum(k.expired) <> 0
  ORDER BY 1, 3, 2, 4
  ON CONFLICT ("team_id", "day", "member_user_id", "job_id") DO UPDATE SET
    "leads" = d."leads" + excluded."leads",
    "approved" = d."approved" + excluded."approved",
    "rejected" = d."rejected" + excluded."rejected",
    "paid" = d."paid" + excluded."paid",
    "approved_paise" = d."approved_paise" + excluded."approved_paise",
    "pending_paise" = d."pending_paise" + excluded."pending_paise",
    "expired" = d."expired" + excluded."expired";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "partner_days_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "partner_days";
  DELETE FROM "team_days";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "form_responses_day_insert" AFTER INSERT ON "form_responses" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "partner_days_on_change"();
--> statement-breakpoint
CREATE TRIGGER "form_responses_day_update" AFTER UPDATE ON "form_responses" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "partner_days_on_change"();
--> statement-breakpoint
CREATE TRIGGER "form_responses_day_delete" AFTER DELETE ON "form_responses" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "partner_days_on_change"();
--> statement-breakpoint
CREATE TRIGGER "form_responses_day_truncate" AFTER TRUNCATE ON "form_responses" FOR EACH STATEMENT EXECUTE FUNCTION "partner_days_on_truncate"();
