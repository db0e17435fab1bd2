-- Issue 15, M4: the scheduled purge deletes counters by the start of their window.
CREATE INDEX rate_limits_window ON rate_limits (window_started_at);
