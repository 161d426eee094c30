-- A hosted Supabase project's roles, for a PostgreSQL cluster made as the supabase/postgres image
-- makes one: `supabase_admin` is the bootstrap superuser, and `postgres`, the role a project's
-- owner (and `supabase db push`) connects as, is not a superuser. Run by localbase as
-- supabase_admin before base-schema.sql (which grants to `postgres`), on such a cluster only
-- (db.ts: hostedShape). Roles belong to the cluster, so every statement is idempotent.
--
-- The attributes and memberships are those of a hosted project's roles (pg_dumpall of one):
-- the image's init scripts and its migration demote-postgres, then the later migrations that
-- revoked supabase_auth_admin and supabase_storage_admin from postgres again.
do $$
begin
  if not exists (select from pg_roles where rolname = 'postgres') then create role postgres; end if;
  if not exists (select from pg_roles where rolname = 'supabase_auth_admin') then create role supabase_auth_admin; end if;
  if not exists (select from pg_roles where rolname = 'supabase_storage_admin') then create role supabase_storage_admin; end if;
  if not exists (select from pg_roles where rolname = 'anon') then create role anon; end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then create role authenticated; end if;
  if not exists (select from pg_roles where rolname = 'service_role') then create role service_role; end if;
  if not exists (select from pg_roles where rolname = 'authenticator') then create role authenticator; end if;
end
$$;

alter role postgres with nosuperuser inherit createrole createdb login replication bypassrls;
alter role postgres set search_path to "$user", public, extensions;
-- GoTrue and Storage connect as these and own their schemas' tables.
alter role supabase_auth_admin with nosuperuser noinherit createrole nocreatedb login noreplication nobypassrls;
alter role supabase_auth_admin set search_path to auth;
alter role supabase_storage_admin with nosuperuser noinherit createrole nocreatedb login noreplication nobypassrls;
alter role supabase_storage_admin set search_path to storage;
alter role anon with nosuperuser inherit nologin nobypassrls;
alter role authenticated with nosuperuser inherit nologin nobypassrls;
alter role service_role with nosuperuser inherit nologin bypassrls;
alter role authenticator with nosuperuser noinherit login nobypassrls;

grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role, authenticator to postgres with admin option;
grant pg_read_all_data, pg_monitor, pg_signal_backend to postgres with admin option;

-- supautils' policy_grants and drop_trigger_grants let a hosted project's postgres create,
-- alter and drop policies on auth's and storage's tables, and drop triggers there, without
-- owning them; plain PostgreSQL has no such hook. The membership below gives postgres the
-- owner's rights over those tables, and hosted-schema.sql's DDL guard takes back every one of
-- them but those two (decision 048).
grant supabase_auth_admin, supabase_storage_admin to postgres;
