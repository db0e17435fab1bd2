-- Issue 55: each edition of the printed book with what it printed, for its page "Änderungen seit
-- Drucklegung". The id is the year and the edition's number in it ("2027-1"), short enough for a
-- QR code on the cover; `printed` is the edition's snapshot (lib/book/edition.ts) as gzipped JSON,
-- a few MB at Austria scale before compression; `printed_hash` makes the same book exported again
-- (another language, a second run) the same edition.
CREATE TABLE book_editions (
  id text PRIMARY KEY,
  year integer NOT NULL,
  number integer NOT NULL,
  made_at timestamptz NOT NULL DEFAULT now(),
  printed_hash text NOT NULL,
  printed bytea NOT NULL,
  UNIQUE (year, number)
);
