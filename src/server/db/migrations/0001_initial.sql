-- Master data: Statistik Austria's states, political districts and municipalities.
CREATE TABLE states (
  code smallint PRIMARY KEY,
  name text NOT NULL
);

CREATE TABLE districts (
  code char(3) PRIMARY KEY,
  name text NOT NULL,
  state_code smallint NOT NULL REFERENCES states (code)
);

CREATE TABLE municipalities (
  gkz char(5) PRIMARY KEY,
  name text NOT NULL,
  status text NOT NULL DEFAULT '' CHECK (status IN ('', 'SR', 'ST', 'M')),
  postcode text NOT NULL,
  other_postcodes text[] NOT NULL DEFAULT '{}',
  district_code char(3) NOT NULL REFERENCES districts (code),
  phone text NOT NULL DEFAULT '',
  website text NOT NULL DEFAULT '',
  instagram text NOT NULL DEFAULT '',
  facebook text NOT NULL DEFAULT '',
  youtube text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX municipalities_district ON municipalities (district_code);

-- "The file": staff addresses the provider allows to register, per municipality.
CREATE TABLE allowed_emails (
  email text PRIMARY KEY CHECK (email = lower(email)),
  gkz char(5) NOT NULL REFERENCES municipalities (gkz),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id uuid PRIMARY KEY,
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  password_hash text NOT NULL,
  gkz char(5) NOT NULL REFERENCES municipalities (gkz),
  language text NOT NULL DEFAULT 'de',
  email_confirmed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Only hashes of session and one-time tokens are stored.
CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE one_time_tokens (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('confirm_email', 'reset_password')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX one_time_tokens_user ON one_time_tokens (user_id);

CREATE TABLE visitors (
  id uuid PRIMARY KEY,
  readable_id text NOT NULL UNIQUE,
  language_id integer NOT NULL DEFAULT 2,
  state jsonb NOT NULL DEFAULT '{}',
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE markets (
  id text PRIMARY KEY,
  gkz char(5) NOT NULL REFERENCES municipalities (gkz),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
  description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 200),
  type text NOT NULL CHECK (type IN ('bauernmarkt', 'gelegenheitsmarkt', 'handwerksmarkt', 'jahrmarkt', 'kirtag',
    'messe', 'tiermarkt', 'weihnachtsmarkt', 'wochenmarkt')),
  schedule text NOT NULL CHECK (schedule IN ('regular', 'dates')),
  rule jsonb,
  rrule text,
  location text NOT NULL DEFAULT '',
  event_location text NOT NULL DEFAULT '',
  floor text NOT NULL DEFAULT '',
  floorplan text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  date_start date,
  date_end date,
  website text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  image jsonb,
  hidden boolean NOT NULL DEFAULT false,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (date_end >= date_start),
  CHECK ((schedule = 'regular') = (rule IS NOT NULL))
);
CREATE INDEX markets_gkz ON markets (gkz);

CREATE TABLE market_dates (
  id text PRIMARY KEY,
  market_id text NOT NULL REFERENCES markets (id) ON DELETE CASCADE,
  date_start date NOT NULL,
  date_end date NOT NULL,
  time_from text CHECK (time_from ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  time_to text CHECK (time_to ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  status text NOT NULL DEFAULT 'takes_place' CHECK (status IN ('takes_place', 'cancelled', 'pending')),
  type text NOT NULL DEFAULT 'regular' CHECK (type IN ('regular', 'additional', 'changed', 'cancelled')),
  note text NOT NULL DEFAULT '',
  hidden boolean NOT NULL DEFAULT false,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (date_end >= date_start)
);
CREATE INDEX market_dates_market ON market_dates (market_id, date_start);

CREATE TABLE page_views (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  path text NOT NULL,
  language text NOT NULL,
  viewed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX page_views_viewed_at ON page_views (viewed_at);

-- One counter for all published content: every write to markets or dates bumps it in the same
-- transaction, so ETags and in-process caches of any server process can key on it (design: scale path).
CREATE TABLE content_version (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL DEFAULT 1
);
INSERT INTO content_version DEFAULT VALUES;

CREATE FUNCTION bump_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE content_version SET version = version + 1;
  RETURN NULL;
END
$$;

CREATE TRIGGER markets_bump_content_version AFTER INSERT OR UPDATE OR DELETE ON markets
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER market_dates_bump_content_version AFTER INSERT OR UPDATE OR DELETE ON market_dates
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
