-- Issue 18: the content version is bumped at commit, not at the first write. Until now a statement
-- trigger updated the one content_version row early in every save, so each save held that row's
-- lock for its whole transaction and saves queued on it. Deferred constraint triggers run just
-- before commit: the row is locked from there to the commit only, so versions still go up in
-- commit order (the next transaction's bump waits for this one's commit and reads its value).
--
-- Beside it, a change log for delta sync: which markets and dates changed at which version, written
-- by the same triggers in the same transaction. A market is public only with a valid public date,
-- and its dates only while it is (api.md): a change that may move a market's publication (hidden,
-- status, a date added, deleted, moved or cancelled…) is logged as `publication`, and then the
-- market and all its dates are read again; other changes touch their own record only.
-- `log_floor`: the log holds every change with a version above it (older entries are pruned, and a
-- restore empties it); a `since` below it is answered in full.

ALTER TABLE content_version ADD COLUMN log_floor bigint NOT NULL DEFAULT 0;
UPDATE content_version SET log_floor = version;

CREATE TABLE content_changes (
  version bigint NOT NULL,
  market_id text NOT NULL,
  -- '' for the market's own record.
  date_id text NOT NULL DEFAULT '',
  publication boolean NOT NULL DEFAULT false,
  logged_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (version, market_id, date_id)
);

CREATE FUNCTION log_content_change(version bigint, market_id text, date_id text, publication boolean)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO content_changes (version, market_id, date_id, publication) VALUES (version, market_id, date_id, publication)
  ON CONFLICT ON CONSTRAINT content_changes_pkey
  DO UPDATE SET publication = true WHERE excluded.publication AND NOT content_changes.publication
$$;

-- This transaction's content version: bumped by the first call in a transaction, the same after.
-- Called from deferred triggers, i.e. at commit, so the row lock lasts only until the commit.
CREATE FUNCTION content_version_of_transaction() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  bumped text := current_setting('portal.content_version', true);
BEGIN
  IF bumped IS NULL OR bumped = '' THEN
    UPDATE content_version SET version = version + 1 RETURNING version::text INTO bumped;
    PERFORM set_config('portal.content_version', bumped, true);
  END IF;
  RETURN bumped::bigint;
END
$$;

-- A restore writes every row again, bumps the version and empties the log itself: its rows queue no
-- trigger events (the triggers' WHEN is checked at each write, not at commit).
CREATE FUNCTION content_changes_logged() RETURNS boolean LANGUAGE sql AS $$
  SELECT coalesce(current_setting('portal.content_restore', true), '') <> 'on'
$$;

CREATE FUNCTION log_market_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  version bigint := content_version_of_transaction();
  publication boolean := TG_OP <> 'UPDATE'
    OR (OLD.id, OLD.gkz, OLD.hidden, OLD.status) IS DISTINCT FROM (NEW.id, NEW.gkz, NEW.hidden, NEW.status);
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM log_content_change(version, OLD.id, '', publication); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM log_content_change(version, NEW.id, '', publication); END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION log_market_date_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  version bigint := content_version_of_transaction();
  publication boolean := TG_OP <> 'UPDATE'
    OR (OLD.market_id, OLD.hidden, OLD.status, OLD.date_end) IS DISTINCT FROM
       (NEW.market_id, NEW.hidden, NEW.status, NEW.date_end);
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM log_content_change(version, OLD.market_id, OLD.id, false);
    IF publication THEN PERFORM log_content_change(version, OLD.market_id, '', true); END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM log_content_change(version, NEW.market_id, NEW.id, false);
    IF publication THEN PERFORM log_content_change(version, NEW.market_id, '', true); END IF;
  END IF;
  RETURN NULL;
END
$$;

-- Master data is not part of the content answers; it still moves the version (issue 17: the
-- directory names states, districts and municipalities).
CREATE FUNCTION bump_content_version_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM content_version_of_transaction();
  RETURN NULL;
END
$$;

DROP TRIGGER markets_bump_content_version ON markets;
DROP TRIGGER market_dates_bump_content_version ON market_dates;
DROP TRIGGER states_bump_content_version ON states;
DROP TRIGGER districts_bump_content_version ON districts;
DROP TRIGGER municipalities_bump_content_version ON municipalities;
DROP FUNCTION bump_content_version();

-- Constraint triggers are row triggers only; the UPDATE of content_version runs once per
-- transaction all the same (content_version_of_transaction).
CREATE CONSTRAINT TRIGGER markets_content_change AFTER INSERT OR UPDATE OR DELETE ON markets
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (content_changes_logged()) EXECUTE FUNCTION log_market_change();
CREATE CONSTRAINT TRIGGER market_dates_content_change AFTER INSERT OR UPDATE OR DELETE ON market_dates
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (content_changes_logged()) EXECUTE FUNCTION log_market_date_change();
CREATE CONSTRAINT TRIGGER states_content_change AFTER INSERT OR UPDATE OR DELETE ON states
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (content_changes_logged()) EXECUTE FUNCTION bump_content_version_at_commit();
CREATE CONSTRAINT TRIGGER districts_content_change AFTER INSERT OR UPDATE OR DELETE ON districts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (content_changes_logged()) EXECUTE FUNCTION bump_content_version_at_commit();
CREATE CONSTRAINT TRIGGER municipalities_content_change AFTER INSERT OR UPDATE OR DELETE ON municipalities
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (content_changes_logged()) EXECUTE FUNCTION bump_content_version_at_commit();
