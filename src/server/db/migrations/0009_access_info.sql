-- Issue 16: how to get to the market and how accessible it is, which visitors ask for most.
ALTER TABLE markets ADD COLUMN access_info text NOT NULL DEFAULT '';
