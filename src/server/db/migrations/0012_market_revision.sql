-- Issue 21 (docs/decisions/0017-market-revision.md): a calendar's recurring event has a SEQUENCE that must grow with
-- every change of its rule, its dates and its EXDATEs, also when a date is deleted (a date's own version cannot say
-- that), and the sitemap a lastmod from the last change of a market or its dates. Counted here, so every writer
-- counts: the editing screens, operator commands.
ALTER TABLE markets
  ADD COLUMN dates_revision integer NOT NULL DEFAULT 0,
  ADD COLUMN dates_changed_at timestamptz;

-- One UPDATE per statement, not per row: saving a weekly rule writes a hundred dates at once. A restore puts rows
-- back as they were backed up, counters included (db/backup.ts says so with portal.restoring).
CREATE FUNCTION note_dates_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('portal.restoring', true) = 'on' THEN
    RETURN NULL;
  END IF;
  UPDATE markets SET dates_revision = dates_revision + 1, dates_changed_at = now()
  WHERE id IN (SELECT DISTINCT market_id FROM changed_dates);
  RETURN NULL;
END $$;

-- PostgreSQL allows transition tables only on triggers of one event each.
CREATE TRIGGER market_dates_revision_inserted AFTER INSERT ON market_dates
  REFERENCING NEW TABLE AS changed_dates FOR EACH STATEMENT EXECUTE FUNCTION note_dates_change();
CREATE TRIGGER market_dates_revision_updated AFTER UPDATE ON market_dates
  REFERENCING NEW TABLE AS changed_dates FOR EACH STATEMENT EXECUTE FUNCTION note_dates_change();
CREATE TRIGGER market_dates_revision_deleted AFTER DELETE ON market_dates
  REFERENCING OLD TABLE AS changed_dates FOR EACH STATEMENT EXECUTE FUNCTION note_dates_change();
