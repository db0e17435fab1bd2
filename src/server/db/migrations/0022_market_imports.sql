-- Issue 54: importing markets from a municipality's calendar or a spreadsheet.
--
-- A market imported remembers where it came from: its key in the source (the event's UID, the
-- spreadsheet's id, else its title and place), unique in its municipality so that the same source
-- imported again finds it, and the values the source gave at the last import, so that a field the
-- clerk changed since is told from one the source changed (services/import-compare.ts).
CREATE TABLE market_sources (
  market_id text PRIMARY KEY REFERENCES markets (id) ON DELETE CASCADE,
  gkz char(5) NOT NULL REFERENCES municipalities (gkz),
  source_key text NOT NULL CHECK (char_length(source_key) <= 1000),
  source text NOT NULL,
  imported jsonb NOT NULL,
  imported_at timestamptz NOT NULL,
  UNIQUE (gkz, source_key)
);

-- A preview waits for the clerk's choice: what each row would do, and the markets it would touch
-- at their versions then. Short-lived: applied or an hour old, it goes.
CREATE TABLE import_previews (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  gkz char(5) NOT NULL,
  source text NOT NULL,
  made_at timestamptz NOT NULL,
  rows jsonb NOT NULL
);
CREATE INDEX import_previews_made_at ON import_previews (made_at);

-- The history names the file or address a change was imported from.
ALTER TABLE market_changes ADD COLUMN source text;
