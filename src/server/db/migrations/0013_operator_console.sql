-- Issue 22: the provider's operators, their audit log and the yearly update campaign.

-- An operator is a registered, confirmed user the provider named with `make-operator`.
ALTER TABLE users ADD COLUMN operator_since timestamptz;

-- Every operator action, written in the transaction of the action itself: from the console
-- (actor = the operator's address) and from the command line (actor = "command line (<OS user>)").
CREATE TABLE operator_actions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  actor text NOT NULL,
  action text NOT NULL,
  gkz text,
  email text,
  -- What the action changed, for the reader of the log: {"detail": …}.
  details jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX operator_actions_at ON operator_actions (at DESC, id DESC);

-- The yearly update campaign: the latest year opened is the running one.
CREATE TABLE campaigns (
  year smallint PRIMARY KEY,
  deadline date NOT NULL,
  opened_at timestamptz NOT NULL,
  opened_by text NOT NULL
);

-- A clerk's "data for <year> complete", per market; any later change of the market or its dates
-- sets it back to 'changed' (trigger below) until it is confirmed again.
CREATE TABLE campaign_confirmations (
  year smallint NOT NULL REFERENCES campaigns (year) ON DELETE CASCADE,
  market_id text NOT NULL,
  gkz char(5) NOT NULL,
  state text NOT NULL CHECK (state IN ('confirmed', 'changed')),
  confirmed_at timestamptz NOT NULL,
  confirmed_by text NOT NULL,
  changed_at timestamptz,
  PRIMARY KEY (year, market_id)
);
CREATE INDEX campaign_confirmations_gkz ON campaign_confirmations (year, gkz);

-- Per municipality: "all confirmed" (also for one without markets) and the last reminder mail.
CREATE TABLE campaign_municipalities (
  year smallint NOT NULL REFERENCES campaigns (year) ON DELETE CASCADE,
  gkz char(5) NOT NULL REFERENCES municipalities (gkz),
  confirmed_at timestamptz,
  reminded_at timestamptz,
  PRIMARY KEY (year, gkz)
);

-- A clerk's change is one row of market_changes, written in the change's transaction (issue 4);
-- the nightly rule dates and image copies are not clerks' changes and do not undo a confirmation.
CREATE FUNCTION undo_campaign_confirmation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE campaign_confirmations SET state = 'changed', changed_at = NEW.changed_at
  WHERE market_id = NEW.market_id AND state = 'confirmed' AND year = (SELECT max(year) FROM campaigns);
  RETURN NULL;
END $$;
CREATE TRIGGER market_changes_undo_confirmation AFTER INSERT ON market_changes
  FOR EACH ROW EXECUTE FUNCTION undo_campaign_confirmation();

-- The nightly run's last report, for the console (scripts/nightly.ts writes it).
CREATE TABLE nightly_runs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  started_at timestamptz NOT NULL,
  finished_at timestamptz NOT NULL,
  ok boolean NOT NULL,
  output text NOT NULL
);
