-- Every change that can change a caller's identity (status, token version, customer links, customer status, group
-- membership, group status, group function codes) notifies 'principal_changed', so each server process drops what
-- it cached of that user (or everything, '*') at commit: permissions stay live on every instance
-- (lib/server/auth/identityCache.ts).
CREATE OR REPLACE FUNCTION portal_notify_principal_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  payload text := '*';
BEGIN
  IF TG_TABLE_NAME IN ('user_accounts', 'user_customers', 'user_group_members') THEN
    payload := COALESCE(NEW.user_ac_uuid, OLD.user_ac_uuid)::text;
  END IF;
  PERFORM pg_notify('principal_changed', payload);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER user_accounts_principal_changed AFTER UPDATE OF status, token_version, is_provider_staff OR DELETE ON user_accounts
  FOR EACH ROW EXECUTE FUNCTION portal_notify_principal_changed();
--> statement-breakpoint
CREATE TRIGGER user_customers_principal_changed AFTER INSERT OR UPDATE OR DELETE ON user_customers
  FOR EACH ROW EXECUTE FUNCTION portal_notify_principal_changed();
--> statement-breakpoint
CREATE TRIGGER user_group_members_principal_changed AFTER INSERT OR UPDATE OR DELETE ON user_group_members
  FOR EACH ROW EXECUTE FUNCTION portal_notify_principal_changed();
--> statement-breakpoint
CREATE TRIGGER user_groups_principal_changed AFTER UPDATE OR DELETE ON user_groups
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_principal_changed();
--> statement-breakpoint
CREATE TRIGGER user_group_functions_principal_changed AFTER INSERT OR UPDATE OR DELETE ON user_group_functions
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_principal_changed();
--> statement-breakpoint
CREATE TRIGGER customers_principal_changed AFTER UPDATE OF status OR DELETE ON customers
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_principal_changed();
