-- The change history of each market (issue 4): who changed what and when, old and new value per
-- field, written in the transaction of the change. No foreign key: the record of a deleted market
-- stays for the provider's operator.
CREATE TABLE market_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  market_id text NOT NULL,
  market_date_id text,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  user_email text NOT NULL,
  changed_at timestamptz NOT NULL,
  action text NOT NULL CHECK (action IN ('created', 'updated', 'deleted')),
  -- {"field": [old, new], …}; old is null for a creation, new is null for a deletion.
  changes jsonb NOT NULL
);
CREATE INDEX market_changes_market ON market_changes (market_id, changed_at);

-- A regular date of a weekly market moved to another day (type 'changed') remembers the day of
-- the rule it replaces, so deriving the rule's dates again does not bring that day back.
ALTER TABLE market_dates ADD COLUMN replaces_date date;
