-- Issue 54: a municipality keeps the address of its own calendar, and the nightly run imports from
-- it (services/calendar-subscriptions.ts). One address per municipality; the clerk who gave it is
-- the one its changes are recorded by (another clerk of the municipality once that account is gone).
-- The last run's outcome waits for a clerk to see it: what it applied, and what needs a decision.
CREATE TABLE calendar_subscriptions (
  gkz char(5) PRIMARY KEY REFERENCES municipalities (gkz),
  url text NOT NULL CHECK (char_length(url) <= 2000),
  subscribed_by uuid REFERENCES users (id) ON DELETE SET NULL,
  subscribed_at timestamptz NOT NULL,
  checked_at timestamptz,
  outcome jsonb,
  seen_at timestamptz
);

-- An operator's import spans municipalities (one spreadsheet with a gkz column): its preview names
-- the municipality in each row, not one for the whole.
ALTER TABLE import_previews ALTER COLUMN gkz DROP NOT NULL;
