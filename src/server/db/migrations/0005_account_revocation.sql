-- Issue 15, M8: an operator can disable a user; a disabled user's sessions no longer count.
ALTER TABLE users ADD COLUMN disabled_at timestamptz;
