-- owner: database
-- Generated from packages/contract by `npm run db:constants` (apps/server/src/db/contract-constants.ts): do not edit.
-- The contract's statuses and directions, one immutable function each, for the SQL in this folder to name them;
-- and the support ticket's state machine (the contract's TICKET_TRANSITIONS): NULL where it refuses.
CREATE FUNCTION "lead_status_pending"() RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS 'SELECT 0';
--> statement-breakpoint
CREATE FUNCTION "lead_status_approved"() RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS 'SELECT 1';
--> statement-breakpoint
CREATE FUNCTION "lead_status_rejected"() RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS 'SELECT 2';
--> statement-breakpoint
CREATE FUNCTION "lead_sub_status_none"() RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS 'SELECT 0';
--> statement-breakpoint
CREATE FUNCTION "lead_sub_status_needs_details"() RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS 'SELECT 1';
--> statement-breakpoint
CREATE FUNCTION "lead_archive_status_live"() RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS 'SELECT 0';
--> statement-breakpoint
CREATE FUNCTION "lead_archive_status_expired"() RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS 'SELECT 1';
--> statement-breakpoint
CREATE FUNCTION "ticket_status_new"() RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS 'SELECT 0';
--> statement-breakpoint
CREATE FUNCTION "ticket_status_answered"() RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS 'SELECT 10';
--> statement-breakpoint
CREATE FUNCTION "ticket_status_waiting"() RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS 'SELECT 20';
--> statement-breakpoint
CREATE FUNCTION "ticket_status_resolved"() RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS 'SELECT 30';
--> statement-breakpoint
CREATE FUNCTION "ticket_status_closed"() RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS 'SELECT 40';
--> statement-breakpoint
CREATE FUNCTION "chat_direction_user"() RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS 'SELECT 1';
--> statement-breakpoint
CREATE FUNCTION "chat_direction_support"() RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS 'SELECT 2';
--> statement-breakpoint
CREATE FUNCTION "ticket_next_status"(p_from integer, p_event text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN p_from = 0 AND p_event = 'worker_message' THEN 0
    WHEN p_from = 10 AND p_event = 'worker_message' THEN 20
    WHEN p_from = 20 AND p_event = 'worker_message' THEN 20
    WHEN p_from = 30 AND p_event = 'worker_message' THEN 20
    WHEN p_from = 40 AND p_event = 'worker_message' THEN 20
    WHEN p_from = 0 AND p_event = 'agent_message' THEN 10
    WHEN p_from = 10 AND p_event = 'agent_message' THEN 10
    WHEN p_from = 20 AND p_event = 'agent_message' THEN 10
    WHEN p_from = 30 AND p_event = 'agent_message' THEN 30
    WHEN p_from = 0 AND p_event = 'agent_resolves' THEN 30
    WHEN p_from = 10 AND p_event = 'agent_resolves' THEN 30
    WHEN p_from = 20 AND p_event = 'agent_resolves' THEN 30
    WHEN p_from = 0 AND p_event = 'agent_closes' THEN 40
    WHEN p_from = 10 AND p_event = 'agent_closes' THEN 40
    WHEN p_from = 20 AND p_event = 'agent_closes' THEN 40
    WHEN p_from = 30 AND p_event = 'agent_closes' THEN 40
    WHEN p_from = 30 AND p_event = 'worker_rates' THEN 40
  END
$$;
