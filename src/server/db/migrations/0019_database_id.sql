-- Issue 50: a published snapshot kept on disk between starts (DATA_DIR) is of one database. Its
-- version alone cannot tell which: another database (DATABASE_URL changed, a new cluster) counts
-- its versions from 1 too. A start takes what is on disk only when this id matches, and the commit
-- of its version too (a dump restored, or a replica after a failover, keeps the id: db/published.ts).
ALTER TABLE content_version ADD COLUMN database_id uuid NOT NULL DEFAULT gen_random_uuid();
