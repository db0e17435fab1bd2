-- Issue 17: the public directory shows names of states, districts and municipalities, and every
-- server process republishes it when the content version moves; so master data bumps it too (an
-- operator's import-municipalities runs in another process).
CREATE TRIGGER states_bump_content_version AFTER INSERT OR UPDATE OR DELETE ON states
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER districts_bump_content_version AFTER INSERT OR UPDATE OR DELETE ON districts
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
CREATE TRIGGER municipalities_bump_content_version AFTER INSERT OR UPDATE OR DELETE ON municipalities
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
