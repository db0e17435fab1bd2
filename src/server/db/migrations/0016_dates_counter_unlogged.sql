-- Issue 18: every save of a date moves its market's dates counters (migration 0012), and that
-- UPDATE of the market fired the market's change-log trigger (migration 0011), which compared the
-- whole old and new rows as JSON only to find that nothing but the counters had changed. The
-- counters are not content, so their UPDATE now says so in a setting of its own transaction, and
-- the change-log trigger does not fire for it: about 0.08 ms less per saved date on the embedded
-- database (an eighth of the date's transaction), on the thread that serves every request
-- (docs/decisions/0024-serving-austria-under-load.md, "What a save weighs").
CREATE FUNCTION counting_dates() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('portal.counting_dates', true), '') = 'on'
$$;

CREATE OR REPLACE FUNCTION note_dates_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('portal.restoring', true) = 'on' THEN
    RETURN NULL;
  END IF;
  -- Statement triggers of the UPDATE below fire when it ends, inside this window; a failure
  -- rolls the setting back with the transaction.
  PERFORM set_config('portal.counting_dates', 'on', true);
  UPDATE markets SET dates_revision = dates_revision + 1, dates_changed_at = now()
  WHERE id IN (SELECT DISTINCT market_id FROM changed_dates);
  PERFORM set_config('portal.counting_dates', 'off', true);
  RETURN NULL;
END $$;

DROP TRIGGER markets_updated ON markets;
CREATE TRIGGER markets_updated AFTER UPDATE ON markets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT WHEN (content_changes_logged() AND NOT counting_dates()) EXECUTE FUNCTION log_market_changes();
