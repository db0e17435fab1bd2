-- Issue 18: the content version is taken at commit, not at the first write. Until now a statement
-- trigger updated the one content_version row early in every save, so each save held that row's
-- lock for its whole transaction and saves queued on it. Now a deferred constraint trigger, once
-- per writing transaction, bumps it just before commit: the row is locked from there to the commit
-- only, and versions still rise in commit order (the next transaction's bump waits for this one's
-- commit and reads its value), so a snapshot that sees version V sees every change up to V.
--
-- Beside it, a change log for delta sync: statement triggers (with transition tables, so a bulk
-- write logs its rows in one INSERT) note which markets and dates this transaction changed, under
-- its transaction id; the commit-time trigger writes which version that transaction got. A market
-- is public only with a valid public date, and its dates only while it is (api.md): a change that
-- may move a market's publication (hidden, status, gkz; a date added, deleted, moved, hidden,
-- cancelled, its end moved) is logged as `publication`, and then the market and all its dates are
-- read again; other changes touch their own record only.
-- `log_floor`: the log holds every change with a version above it (older entries are pruned, and a
-- restore empties it); a `since` below it is answered in full.

ALTER TABLE content_version ADD COLUMN log_floor bigint NOT NULL DEFAULT 0;
UPDATE content_version SET log_floor = version;

-- One row per writing transaction; `version` is set by its commit-time trigger.
CREATE TABLE content_commits (
  xid xid8 PRIMARY KEY,
  version bigint UNIQUE,
  committed_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE content_changes (
  xid xid8 NOT NULL,
  market_id text NOT NULL,
  -- '' for the market's own record.
  date_id text NOT NULL DEFAULT '',
  publication boolean NOT NULL DEFAULT false,
  PRIMARY KEY (xid, market_id, date_id)
);

-- A restore writes every row again, bumps the version and empties the log itself: its writes fire
-- none of these triggers.
CREATE FUNCTION content_changes_logged() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('portal.restoring', true), '') <> 'on'
$$;

-- Runs once per transaction, at commit (deferred): the version of this transaction.
CREATE FUNCTION take_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  taken bigint;
BEGIN
  UPDATE content_version SET version = version + 1 RETURNING version INTO taken;
  UPDATE content_commits SET version = taken WHERE xid = NEW.xid;
  RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER content_commits_version AFTER INSERT ON content_commits
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION take_content_version();

-- This transaction writes content: its commit takes a version (the first call inserts the row).
CREATE FUNCTION note_content_commit() RETURNS void LANGUAGE sql AS $$
  INSERT INTO content_commits (xid) VALUES (pg_current_xact_id()) ON CONFLICT DO NOTHING
$$;

CREATE FUNCTION bump_content_version_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM note_content_commit();
  RETURN NULL;
END
$$;

-- Markets: one row per market written; `publication` when it was added, deleted, moved, hidden or
-- shown, or its status changed.
CREATE FUNCTION log_market_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM note_content_commit();
  IF TG_OP = 'INSERT' THEN
    INSERT INTO content_changes (xid, market_id, publication)
      SELECT pg_current_xact_id(), n.id, true FROM new_rows n
      ON CONFLICT ON CONSTRAINT content_changes_pkey DO UPDATE SET publication = true;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO content_changes (xid, market_id, publication)
      SELECT pg_current_xact_id(), o.id, true FROM old_rows o
      ON CONFLICT ON CONSTRAINT content_changes_pkey DO UPDATE SET publication = true;
  ELSE
    INSERT INTO content_changes (xid, market_id, publication)
      SELECT pg_current_xact_id(), coalesce(n.id, o.id),
        o.id IS NULL OR n.id IS NULL OR (o.gkz, o.hidden, o.status) IS DISTINCT FROM (n.gkz, n.hidden, n.status)
      FROM new_rows n FULL JOIN old_rows o ON o.id = n.id
      -- The dates' own counters (migration 0012) are not content: their update is no market change.
      WHERE o.id IS NULL OR n.id IS NULL
        OR to_jsonb(o) - 'dates_revision' - 'dates_changed_at' IS DISTINCT FROM to_jsonb(n) - 'dates_revision' - 'dates_changed_at'
      ON CONFLICT ON CONSTRAINT content_changes_pkey
      DO UPDATE SET publication = true WHERE excluded.publication AND NOT content_changes.publication;
  END IF;
  RETURN NULL;
END
$$;

-- Dates: one row per date written (under its market), and one `publication` row per market whose
-- dates were added, deleted, moved, hidden or shown, cancelled or taking place again, or ended on
-- another day.
CREATE FUNCTION log_market_date_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM note_content_commit();
  IF TG_OP = 'INSERT' THEN
    INSERT INTO content_changes (xid, market_id, date_id)
      SELECT pg_current_xact_id(), n.market_id, n.id FROM new_rows n ON CONFLICT DO NOTHING;
    PERFORM log_date_publication(ARRAY(SELECT DISTINCT n.market_id FROM new_rows n));
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO content_changes (xid, market_id, date_id)
      SELECT pg_current_xact_id(), o.market_id, o.id FROM old_rows o ON CONFLICT DO NOTHING;
    PERFORM log_date_publication(ARRAY(SELECT DISTINCT o.market_id FROM old_rows o));
  ELSE
    INSERT INTO content_changes (xid, market_id, date_id)
      SELECT pg_current_xact_id(), n.market_id, n.id FROM new_rows n ON CONFLICT DO NOTHING;
    PERFORM log_date_publication(ARRAY(
      SELECT o.market_id FROM old_rows o LEFT JOIN new_rows n ON n.id = o.id
        WHERE n.id IS NULL
          OR (o.market_id, o.hidden, o.status, o.date_end) IS DISTINCT FROM (n.market_id, n.hidden, n.status, n.date_end)
      UNION
      SELECT n.market_id FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
        WHERE o.id IS NULL
          OR (o.market_id, o.hidden, o.status, o.date_end) IS DISTINCT FROM (n.market_id, n.hidden, n.status, n.date_end)));
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION log_date_publication(market_ids text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO content_changes (xid, market_id, publication)
    SELECT DISTINCT pg_current_xact_id(), id, true FROM unnest(market_ids) AS id
    ON CONFLICT ON CONSTRAINT content_changes_pkey
    DO UPDATE SET publication = true WHERE NOT content_changes.publication
$$;

DROP TRIGGER markets_bump_content_version ON markets;
DROP TRIGGER market_dates_bump_content_version ON market_dates;
DROP TRIGGER states_bump_content_version ON states;
DROP TRIGGER districts_bump_content_version ON districts;
DROP TRIGGER municipalities_bump_content_version ON municipalities;
DROP FUNCTION bump_content_version();

-- Transition tables need one trigger per event.
CREATE TRIGGER markets_inserted AFTER INSERT ON markets REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT WHEN (content_changes_logged()) EXECUTE FUNCTION log_market_changes();
CREATE TRIGGER markets_updated AFTER UPDATE ON markets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT WHEN (content_changes_logged()) EXECUTE FUNCTION log_market_changes();
CREATE TRIGGER markets_deleted AFTER DELETE ON markets REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT WHEN (content_changes_logged()) EXECUTE FUNCTION log_market_changes();
CREATE TRIGGER market_dates_inserted AFTER INSERT ON market_dates REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT WHEN (content_changes_logged()) EXECUTE FUNCTION log_market_date_changes();
CREATE TRIGGER market_dates_updated AFTER UPDATE ON market_dates REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT WHEN (content_changes_logged()) EXECUTE FUNCTION log_market_date_changes();
CREATE TRIGGER market_dates_deleted AFTER DELETE ON market_dates REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT WHEN (content_changes_logged()) EXECUTE FUNCTION log_market_date_changes();

-- Master data is not part of the content answers; it still moves the version (issue 17: the
-- directory names states, districts and municipalities).
CREATE TRIGGER states_content_commit AFTER INSERT OR UPDATE OR DELETE ON states
  FOR EACH STATEMENT WHEN (content_changes_logged()) EXECUTE FUNCTION bump_content_version_at_commit();
CREATE TRIGGER districts_content_commit AFTER INSERT OR UPDATE OR DELETE ON districts
  FOR EACH STATEMENT WHEN (content_changes_logged()) EXECUTE FUNCTION bump_content_version_at_commit();
CREATE TRIGGER municipalities_content_commit AFTER INSERT OR UPDATE OR DELETE ON municipalities
  FOR EACH STATEMENT WHEN (content_changes_logged()) EXECUTE FUNCTION bump_content_version_at_commit();
