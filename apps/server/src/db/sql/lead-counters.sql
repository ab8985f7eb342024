-- owner: leads
-- Lead counters (docs/decisions/0007-lead-counters.md): statement triggers on
-- form_responses add each statement's changes to lead_counters in the same
-- transaction, whoever writes the leads (services, the expiry job, seeds, bench
-- fills). Each statement's changes are summed per counter first and applied
-- in key order, so concurrent writers lock counter rows in the same order and
-- a bulk update never waits on a counter while holding another.

-- The counters one lead moves, each by n (1 for a lead that arrives, -1 for one
-- that leaves): its partner's, and its team member's within the team.
CREATE FUNCTION "lead_counter_changes"(r "form_responses", n integer) RETURNS SETOF "lead_counters" LANGUAGE sql IMMUTABLE AS $$
  SELECT 'partner'::text, r.partner_user_id, 0, r.job_id, r.status, r.sub_status, r.archive_status, n WHERE r.partner_user_id IS NOT NULL
  UNION ALL
  SELECT 'member'::text, r.team_member_user_id, coalesce(r.team_id, 0), r.job_id, r.status, r.sub_status, r.archive_status, n WHERE r.team_member_user_id IS NOT NULL
$$;
--> statement-breakpoint
-- One function for inserts, updates and deletes: the new rows count up, the
-- old rows count down; a counter whose changes cancel out is not touched.
CREATE FUNCTION "lead_counters_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes "lead_counters"[] := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN
    changes := ARRAY(SELECT k FROM new_rows r, "lead_counter_changes"(r, 1) k);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    changes := changes || ARRAY(SELECT k FROM old_rows r, "lead_counter_changes"(r, -1) k);
  END IF;
  INSERT INTO "lead_counters" AS c ("owner_kind", "owner_id", "team_id", "job_id", "status", "sub_status", "archive_status", "n")
  SELECT k.owner_kind, k.owner_id, k.team_id, k.job_id, k.status, k.sub_status, k.archive_status, sum(k.n)::int
  FROM unnest(changes) k
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING sum(k.n) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT ("owner_kind", "owner_id", "team_id", "job_id", "status", "sub_status", "archive_status") DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "lead_counters_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "lead_counters";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "form_responses_count_insert" AFTER INSERT ON "form_responses" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_counters_on_change"();
--> statement-breakpoint
CREATE TRIGGER "form_responses_count_update" AFTER UPDATE ON "form_responses" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_counters_on_change"();
--> statement-breakpoint
CREATE TRIGGER "form_responses_count_delete" AFTER DELETE ON "form_responses" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "lead_counters_on_change"();
--> statement-breakpoint
CREATE TRIGGER "form_responses_count_truncate" AFTER TRUNCATE ON "form_responses" FOR EACH STATEMENT EXECUTE FUNCTION "lead_counters_on_truncate"();
