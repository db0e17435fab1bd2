-- Attempt counters of the rate limits (login, registration, mails), shared by every server process.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  window_started_at timestamptz NOT NULL,
  attempts integer NOT NULL
);
