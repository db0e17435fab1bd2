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
-- Each market and municipality touched is counted on its own, by index: one join over all
-- markets, planned from the statistics of tables still filling up inside one transaction,
-- scanned every date of Austria per statement (generating 6,000 markets took 130 s on
-- PostgreSQL and 115 s embedded; counted this way, 12 s on both).
CREATE FUNCTION refuse_over_market_quota() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched record;
  quota integer;
  n bigint;
BEGIN
  FOR touched IN SELECT DISTINCT gkz FROM added LOOP
    SELECT count(*) INTO n FROM markets WHERE gkz = touched.gkz;
    SELECT max_markets INTO quota FROM municipalities WHERE gkz = touched.gkz AND max_markets < n;
    IF FOUND THEN
      RAISE EXCEPTION 'quota_exceeded' USING ERRCODE = 'P0Q01', DETAIL = 'markets', HINT = quota::text;
    END IF;
  END LOOP;
  RETURN NULL;
END $$;

CREATE FUNCTION dates_counted(market text, counted_from date) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT count(*) FROM market_dates WHERE market_id = market AND date_end >= counted_from
$$;

CREATE FUNCTION refuse_over_date_quota() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  counted_from date := quota_counts_from();
  touched record;
  quota record;
  n bigint;
BEGIN
  FOR touched IN SELECT DISTINCT market_id FROM added LOOP
    SELECT mu.gkz, mu.max_dates_per_market, mu.max_dates INTO quota
    FROM markets m JOIN municipalities mu ON mu.gkz = m.gkz WHERE m.id = touched.market_id;
    IF dates_counted(touched.market_id, counted_from) > quota.max_dates_per_market THEN
      RAISE EXCEPTION 'quota_exceeded' USING ERRCODE = 'P0Q01', DETAIL = 'dates_per_market',
        HINT = quota.max_dates_per_market::text;
    END IF;
  END LOOP;
  FOR touched IN SELECT DISTINCT m.gkz FROM added a JOIN markets m ON m.id = a.market_id LOOP
    SELECT sum(dates_counted(m.id, counted_from)) INTO n FROM markets m WHERE m.gkz = touched.gkz;
    SELECT max_dates INTO quota FROM municipalities WHERE gkz = touched.gkz AND max_dates < n;
    IF FOUND THEN
      RAISE EXCEPTION 'quota_exceeded' USING ERRCODE = 'P0Q01', DETAIL = 'dates', HINT = quota.max_dates::text;
    END IF;
  END LOOP;
  RETURN NULL;
END $$;

CREATE TRIGGER markets_quota AFTER INSERT ON markets
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION refuse_over_market_quota();
CREATE TRIGGER market_dates_quota AFTER INSERT ON market_dates
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION refuse_over_date_quota();
