-- Issue 22: the operator closes the yearly campaign when the book goes to press. A closed campaign
-- shows no banner, takes no confirmation and sends no reminder; its record stays readable and
-- no longer moves (docs/decisions/0019).
ALTER TABLE campaigns ADD COLUMN closed_at timestamptz, ADD COLUMN closed_by text;

-- A clerk's change undoes a confirmation of the running campaign only: a closed one keeps the
-- state it was closed with, so the book's count and the console's list say the same later.
CREATE OR REPLACE FUNCTION undo_campaign_confirmation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE campaign_confirmations SET state = 'changed', changed_at = NEW.changed_at
  WHERE market_id = NEW.market_id AND state = 'confirmed'
    AND year = (SELECT year FROM campaigns WHERE closed_at IS NULL AND year = (SELECT max(year) FROM campaigns));
  RETURN NULL;
END $$;
