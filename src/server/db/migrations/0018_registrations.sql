-- Issue 49: a registration waits here until its mailbox is proven; only then is it an account
-- (users). Several may wait for one address, so a stranger who registered it first cannot shut
-- its owner out: the first confirmed becomes the account, the others lapse. Only hashes of the
-- link's token and of the registering browser's cookie are stored.
CREATE TABLE registrations (
  token_hash text PRIMARY KEY,
  email text NOT NULL CHECK (email = lower(email)),
  password_hash text NOT NULL,
  language text NOT NULL,
  browser_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX registrations_email ON registrations (email);
