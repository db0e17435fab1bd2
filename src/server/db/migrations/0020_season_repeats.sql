-- Issue 53: a season that holds every year ("every year from April to October"), beside the fixed ones.
ALTER TABLE markets ADD COLUMN season_repeats boolean NOT NULL DEFAULT false;
