-- Issue 20: photos a clerk uploads. The files (AVIF, WebP and JPEG at up to three widths) are in
-- DATA_DIR/market-photos, shared by every portal process; this table says whose they are, so that
-- no other municipality can attach or delete them, and how many bytes they take of the quota.
CREATE TABLE market_photos (
  -- The files' common name: <hash>-<width>x<height>, the hash over the municipality and the upload.
  name text PRIMARY KEY,
  gkz text NOT NULL REFERENCES municipalities (gkz) ON DELETE CASCADE,
  bytes integer NOT NULL CHECK (bytes > 0),
  created_at timestamptz NOT NULL
);
CREATE INDEX market_photos_gkz ON market_photos (gkz, created_at);

-- 50 MB holds about 200 photos at three widths and three formats; an operator raises it for one
-- municipality with `npm run admin -- set-quota <gkz> photo-megabytes <n>`.
ALTER TABLE municipalities
  ADD COLUMN max_photo_megabytes integer NOT NULL DEFAULT 50 CHECK (max_photo_megabytes > 0);
