-- Issue #16: every change to what decides a signed-in request (sessions, accounts, companies, roles) is announced on
-- the channel mdm_auth_changed, so that a server keeping resolved sessions in memory drops them at once. Only the
-- embedded database's server keeps them (auth/sessions.ts: it alone writes its database, and PGlite delivers a
-- notice when the change commits, before the writing statement returns); on PostgreSQL nobody listens.
CREATE FUNCTION mdm_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mdm_auth_changed', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION mdm_auth_changed();--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION mdm_auth_changed();--> statement-breakpoint
CREATE TRIGGER companies_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON companies FOR EACH STATEMENT EXECUTE FUNCTION mdm_auth_changed();--> statement-breakpoint
CREATE TRIGGER roles_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON roles FOR EACH STATEMENT EXECUTE FUNCTION mdm_auth_changed();
