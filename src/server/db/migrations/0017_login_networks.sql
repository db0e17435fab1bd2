-- Issue 49: the networks each account has logged in from (IPv6 by /48, IPv4 by address). The
-- account's ceiling of failed logins refuses the other networks only, so guessers spread over
-- many networks are held back without locking the owner out of the networks they work from.
CREATE TABLE login_networks (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  network text NOT NULL,
  last_login_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, network)
);
-- The scheduled purge forgets a network 90 days after its last login.
CREATE INDEX login_networks_last_login ON login_networks (last_login_at);
