-- Partner days (the partner dashboard's lead numbers): statement triggers on
-- form_responses add each statement's changes to partner_days in the same
-- transaction, whoever writes the leads, as the lead counters do. A lead
-- counts on the IST day it came in: +1 in its new state, -1 in its old one;
-- rows are summed per key first and applied in key order, so concurrent
-- writers lock partner days in one order. Statuses come from contract-constants.sql.

-- What one lead adds to its partner's day, times n (1 arriving, -1 leaving).
CREATE FUNCTION "partner_day_changes"(r "form_responses", n integer) RETURNS SETOF "partner_days" LANGUAGE sql IMMUTABLE AS $$
  SELECT r.partner_user_id, (r.created_on AT TIME ZONE 'Asia/Kolkata')::date, r.job_id,
    n,
    CASE WHEN r.status = "lead_status_approved"() THEN n ELSE 0 END,
    CASE WHEN r.status = "lead_status_approved"() AND r.payout_paise > 0 THEN n ELSE 0 END,
    CASE WHEN r.status = "lead_status_approved"() THEN n::bigint * r.payout_paise ELSE 0 END,
    CASE WHEN r.status = "lead_status_pending"() AND r.archive_status = "lead_archive_status_live"() THEN n::bigint * r.payout_paise ELSE 0 END
  WHERE r.partner_user_id IS NOT NULL
$$;
--> statement-breakpoint
CREATE FUNCTION "partner_days_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes "partner_days"[] := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN
    changes := ARRAY(SELECT k FROM new_rows r, "partner_day_changes"(r, 1) k);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    changes := changes || ARRAY(SELECT k FROM old_rows r, "partner_day_changes"(r, -1) k);
  END IF;
  INSERT INTO "partner_days" AS d ("partner_user_id", "day", "job_id", "leads", "approved", "paid", "approved_paise", "pending_paise")
  SELECT k.partner_user_id, k.day, k.job_id, sum(k.leads)::int, sum(k.approved)::int, sum(k.paid)::int, sum(k.approved_paise)::bigint, sum(k.pending_paise)::bigint
  FROM unnest(changes) k
  GROUP BY 1, 2, 3
  HAVING sum(k.leads) <> 0 OR sum(k.approved) <> 0 OR sum(k.paid) <> 0 OR sum(k.approved_paise) <> 0 OR sum(k.pending_paise) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT ("partner_user_id", "day", "job_id") DO UPDATE SET
    "leads" = d."leads" + excluded."leads",
    "approved" = d."approved" + excluded."approved",
    "paid" = d."paid" + excluded."paid",
    "approved_paise" = d."approved_paise" + excluded."approved_paise",
    "pending_paise" = d."pending_paise" + excluded."pending_paise";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "partner_days_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "partner_days";
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
