-- Page views counted after consent (issue 5): only a count per day, page and language.
-- No address, no identifier, nothing that leads back to a person.
-- The table of 0001 kept a row and a time per view and was never written; it makes way.
DROP TABLE page_views;
CREATE TABLE page_views (
  day date NOT NULL,
  path text NOT NULL CHECK (char_length(path) <= 300),
  language text NOT NULL CHECK (language IN ('de', 'en', 'fr')),
  views integer NOT NULL DEFAULT 1,
  PRIMARY KEY (day, path, language)
);
