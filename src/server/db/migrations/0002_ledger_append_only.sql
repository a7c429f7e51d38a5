-- The token ledger is append-only: entries are never changed. (Deletion stays possible for account
-- erasure, which removes a user's non-payment entries.)
CREATE FUNCTION token_ledger_refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'token_ledger is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER token_ledger_no_update BEFORE UPDATE ON token_ledger FOR EACH ROW EXECUTE FUNCTION token_ledger_refuse_update();
