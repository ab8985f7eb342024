-- owner: leads
-- A lead's submission in one round trip (docs/performance.md, Lead intake):
-- the lock per customer and project, then the duplicate check, the key claim
-- and the lead with its values in one insert. Called outside a transaction,
-- the call is its own: the lock holds until it commits, and the insert, a
-- statement of its own inside the function, reads the leads committed by
-- whoever held the lock before (a statement that took the lock itself would
-- read from before the wait). Answers the lead, or nothing when the key was
-- used before or the customer is a duplicate (a lead for the same mobile and
-- project in the window, not rejected). Statuses come from contract-constants.sql.
CREATE FUNCTION "submit_lead"(
  lock_key text, p_form_id integer, p_job_id integer, p_partner_user_id integer, p_team_member_user_id integer, p_team_id integer,
  p_customer_id integer, p_customer_name text, p_customer_mobile text, p_payout_paise integer, p_location jsonb, p_tracking_id text,
  p_mobile_check text, p_idempotency_key text, duplicate_since timestamptz, lead_values jsonb
) RETURNS TABLE (lead_id integer, lead_customer_id integer, lead_customer_mobile text, lead_customer_name text) LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(lock_key));
  RETURN QUERY
  WITH lead AS (
    INSERT INTO form_responses (form_id, job_id, partner_user_id, team_member_user_id, team_id, customer_id, customer_name, customer_mobile, payout_paise, location, tracking_id, mobile_check, idempotency_key)
    SELECT p_form_id, p_job_id, p_partner_user_id, p_team_member_user_id, p_team_id, p_customer_id, p_customer_name, p_customer_mobile, p_payout_paise, p_location, p_tracking_id, p_mobile_check, p_idempotency_key
    WHERE NOT EXISTS (
      SELECT 1 FROM form_responses d
      WHERE d.customer_mobile = p_customer_mobile AND d.job_id = p_job_id AND d.created_on > duplicate_since AND d.status <> "lead_status_rejected"()
    )
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING form_responses.form_response_id, form_responses.customer_id, form_responses.customer_mobile, form_responses.customer_name
  ),
  data AS (
    INSERT INTO form_response_data (form_response_id, input_id, value, file_id)
    SELECT lead.form_response_id, v.input_id, v.value, v.file_id
    FROM lead, jsonb_to_recordset(lead_values) AS v(input_id integer, value text, file_id integer)
  )
  SELECT lead.form_response_id, lead.customer_id, lead.customer_mobile, lead.customer_name FROM lead;
END $$;
