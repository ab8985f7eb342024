-- owner: support
-- A chat message of a ticket in one round trip (docs/performance.md, Chat):
-- the message budget's locks and counts, the ticket's checks, the message,
-- the ticket's new status and its history row. Called outside a transaction,
-- the call is its own: the locks hold until it commits, and the counts, a
-- statement of their own after the locks, read the messages committed by
-- whoever held them before. The new status is the ticket's state machine's
-- (TICKET_TRANSITIONS in packages/contract/src/support.ts, generated into
-- contract-constants.sql as ticket_next_status): a worker's message leaves a
-- new ticket new and otherwise waits for support, reopening a closed ticket
-- without its rating; an agent's answers it (a resolved ticket stays
-- resolved) and makes the ticket theirs if nobody has it, and a closed ticket
-- takes no agent's reply.
-- Answers one row: a refusal ('not_found', 'not_yours', 'too_fast',
-- 'closed') and nothing written, or the new status and the message's id and
-- time (milliseconds since 1970). A line the worker's page says by code (the
-- call-back request) comes with its message code, so it is shown in the
-- reader's language; a typed message has none.
CREATE FUNCTION "add_ticket_chat"(
  p_ticket_id integer, p_sender_user_id integer, p_by_worker boolean, p_chat_message text, p_created_by text,
  p_file_id integer, p_budget_since timestamptz, p_budget integer, p_message_code text
) RETURNS TABLE (refusal text, new_status smallint, chat_id integer, chat_created_ms float8) LANGUAGE plpgsql AS $$
DECLARE
  t "tickets";
  next_status smallint;
  chat "ticket_chats";
BEGIN
  -- The sender's budget, then the ticket's (the lock namespace the budget has always used).
  PERFORM pg_advisory_xact_lock(7311, p_sender_user_id), pg_advisory_xact_lock(7312, p_ticket_id);
  -- Locked, so a status change committed meanwhile is read, not overwritten.
  SELECT * INTO t FROM "tickets" WHERE "tickets"."ticket_id" = p_ticket_id FOR UPDATE;
  IF NOT FOUND THEN
    refusal := 'not_found';
    RETURN NEXT;
    RETURN;
  END IF;
  IF p_by_worker AND t.user_id <> p_sender_user_id THEN
    refusal := 'not_yours';
    RETURN NEXT;
    RETURN;
  END IF;
  -- People's messages on the ticket (not the bot's), and the sender's on any ticket; counted up to the budget only.
  IF (SELECT count(*) FROM (SELECT 1 FROM "ticket_chats" c WHERE c.ticket_id = p_ticket_id AND c.sender_user_id IS NOT NULL AND c.created_on >= p_budget_since LIMIT p_budget) n) >= p_budget
    OR (SELECT count(*) FROM (SELECT 1 FROM "ticket_chats" c WHERE c.sender_user_id = p_sender_user_id AND c.created_on >= p_budget_since LIMIT p_budget) n) >= p_budget THEN
    refusal := 'too_fast';
    RETURN NEXT;
    RETURN;
  END IF;
  next_status := "ticket_next_status"(t.status, CASE WHEN p_by_worker THEN 'worker_message' ELSE 'agent_message' END);
  IF next_status IS NULL THEN
    refusal := 'closed';
    RETURN NEXT;
    RETURN;
  END IF;

  INSERT INTO "ticket_chats" ("ticket_id", "chat_message", "message_code", "direction", "created_by", "sender_user_id", "file_id")
  VALUES (p_ticket_id, p_chat_message, p_message_code, CASE WHEN p_by_worker THEN "chat_direction_user"() ELSE "chat_direction_support"() END, p_created_by, p_sender_user_id, p_file_id)
  RETURNING * INTO chat;
  UPDATE "tickets" SET
    "status" = next_status,
    "modified_on" = now(),
    -- A ticket that keeps waiting for support (new, or waiting) keeps its place in the inbox.
    "waiting_since" = CASE
      WHEN next_status NOT IN ("ticket_status_new"(), "ticket_status_waiting"()) THEN NULL
      WHEN t.status IN ("ticket_status_new"(), "ticket_status_waiting"()) AND t.waiting_since IS NOT NULL THEN t.waiting_since
      ELSE now()
    END,
    "agent_user_id" = CASE WHEN p_by_worker THEN t.agent_user_id ELSE coalesce(t.agent_user_id, p_sender_user_id) END,
    -- Reopening forgets the old rating; the history keeps that it was closed.
    "rating" = CASE WHEN p_by_worker AND t.status = "ticket_status_closed"() THEN NULL ELSE t.rating END,
    "rating_comment" = CASE WHEN p_by_worker AND t.status = "ticket_status_closed"() THEN NULL ELSE t.rating_comment END
  WHERE "tickets"."ticket_id" = p_ticket_id;
  IF next_status <> t.status THEN
    INSERT INTO "ticket_history" ("ticket_id", "field_type", "field_value", "changed_by_kind", "changed_by_id")
    VALUES (p_ticket_id, 'status', next_status::text, CASE WHEN p_by_worker THEN 'worker' ELSE 'ops' END, p_sender_user_id);
  END IF;

  new_status := next_status;
  chat_id := chat.ticket_chat_id;
  chat_created_ms := floor(extract(epoch FROM chat.created_on) * 1000);
  RETURN NEXT;
END $$;
