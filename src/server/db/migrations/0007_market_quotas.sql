-- Issue 15, M6: how many markets and dates a municipality may publish. One clerk's rules made
-- 16,160 public dates in 40 saves, and every app user downloads them. The defaults fit the
-- largest real municipality, Vienna (about 170 markets: daily markets on about 620 days of this
-- and next year, weekly farmers' markets, six weeks of Christmas markets); an operator raises
-- them for one municipality with `npm run admin -- set-quota`.
ALTER TABLE municipalities
  ADD COLUMN max_markets integer NOT NULL DEFAULT 250 CHECK (max_markets > 0),
  ADD COLUMN max_dates_per_market integer NOT NULL DEFAULT 750 CHECK (max_dates_per_market > 0),
  ADD COLUMN max_dates integer NOT NULL DEFAULT 30000 CHECK (max_dates > 0);

-- Dates count from New Year (in Vienna) on: past years' dates stay for the record, and no clerk can
-- delete them, so counting them would lock a daily market out of its rule in its third year.
CREATE FUNCTION quota_counts_from() RETURNS date LANGUAGE sql STABLE AS $$
  SELECT date_trunc('year', now() AT TIME ZONE 'Europe/Vienna')::date
$$;

-- Checked in the database, after each statement, so that every way of adding (a save, a rule's
-- dates, a copied year, an import) is counted alike and a refused change rolls back whole.
CREATE FUNCTION refuse_over_market_quota() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  over record;
BEGIN
  SELECT mu.max_markets AS quota INTO over
  FROM markets m JOIN municipalities mu ON mu.gkz = m.gkz
  WHERE m.gkz IN (SELECT gkz FROM added)
  GROUP BY mu.gkz, mu.max_markets HAVING count(*) > mu.max_markets LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'quota_exceeded' USING ERRCODE = 'P0Q01', DETAIL = 'markets', HINT = over.quota::text;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION refuse_over_date_quota() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  over record;
BEGIN
  SELECT mu.max_dates_per_market AS quota INTO over
  FROM market_dates d JOIN markets m ON m.id = d.market_id JOIN municipalities mu ON mu.gkz = m.gkz
  WHERE d.market_id IN (SELECT market_id FROM added) AND d.date_end >= quota_counts_from()
  GROUP BY d.market_id, mu.max_dates_per_market HAVING count(*) > mu.max_dates_per_market LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'quota_exceeded' USING ERRCODE = 'P0Q01', DETAIL = 'dates_per_market', HINT = over.quota::text;
  END IF;
  SELECT mu.max_dates AS quota INTO over
  FROM market_dates d JOIN markets m ON m.id = d.market_id JOIN municipalities mu ON mu.gkz = m.gkz
  WHERE m.gkz IN (SELECT m2.gkz FROM added a JOIN markets m2 ON m2.id = a.market_id)
    AND d.date_end >= quota_counts_from()
  GROUP BY mu.gkz, mu.max_dates HAVING count(*) > mu.max_dates LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'quota_exceeded' USING ERRCODE = 'P0Q01', DETAIL = 'dates', HINT = over.quota::text;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER markets_quota AFTER INSERT ON markets
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION refuse_over_market_quota();
CREATE TRIGGER market_dates_quota AFTER INSERT ON market_dates
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION refuse_over_date_quota();
