-- After base-schema.sql, on a cluster with a hosted project's roles (hosted-roles.sql): the
-- owners and grants a hosted project's database has, so that migrations applied as `postgres`
-- can do exactly what `supabase db push` can do there. Sources: supabase/postgres' init scripts
-- and migrations (demote-postgres, update-auth-permissions, the 2024-2025 revokes of CREATE on
-- auth and storage, the grants on storage's tables), supabase/storage's schema grants, and the
-- owners and grants a hosted project's pg_dump shows. Run as supabase_admin, once per database.

-- The database and public schema are the project owner's; extensions' schema is too (hosted
-- dumps show `ALTER SCHEMA extensions OWNER TO postgres`).
do $$
begin
  execute format('grant all on database %I to postgres', current_database());
end
$$;
alter schema public owner to postgres;
alter schema extensions owner to postgres;
grant usage on schema public to anon, authenticated, service_role;
-- Tables, functions and sequences postgres creates in public are the API roles' to use, as
-- the image's initial schema grants them (RLS and each migration's revokes then decide).
alter default privileges for role postgres in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to postgres, anon, authenticated, service_role;

-- Extensions hosted has installed before any migration: pgcrypto (base-schema.sql) and
-- uuid-ossp, as supabase_admin in `extensions`. A migration's own `create extension` of an
-- allow-listed one runs as supabase_admin there too (supautils' privileged_extensions), so
-- the ones our migrations name that plain PostgreSQL would refuse to a non-superuser are made
-- here the same way: earthdistance and cube, which it requires. pg_trgm is a trusted extension
-- and is left to the migration, which PostgreSQL then runs as the bootstrap superuser too.
create extension if not exists "uuid-ossp" with schema extensions;
create extension if not exists cube with schema extensions;
create extension if not exists earthdistance with schema extensions;

-- auth: the schema is supabase_admin's, its tables and functions GoTrue's role's; postgres may
-- read and write every row, add triggers and foreign keys, but not create in the schema.
do $$
declare
  object record;
begin
  for object in select c.relname from pg_class c where c.relnamespace = 'auth'::regnamespace and c.relkind in ('r', 'S') loop
    execute format('alter table auth.%I owner to supabase_auth_admin', object.relname);
  end loop;
  for object in select p.oid::regprocedure as signature from pg_proc p where p.pronamespace = 'auth'::regnamespace loop
    execute format('alter function %s owner to supabase_auth_admin', object.signature);
  end loop;
end
$$;
grant usage on schema auth to postgres;
grant all privileges on schema auth to supabase_auth_admin;
grant insert, update, delete, truncate, references, trigger on all tables in schema auth to postgres;
grant select on all tables in schema auth to postgres with grant option;
grant all on all sequences in schema auth to postgres;
grant all on all routines in schema auth to postgres;
alter default privileges for role supabase_auth_admin in schema auth grant all on tables to postgres;
alter default privileges for role supabase_auth_admin in schema auth grant all on sequences to postgres;
alter default privileges for role supabase_auth_admin in schema auth grant all on functions to postgres;

-- storage: the schema is supabase_admin's, its tables and functions Storage's role's; postgres
-- has every privilege on buckets and objects (triggers included), but not CREATE in the schema.
do $$
declare
  object record;
begin
  for object in select c.relname from pg_class c where c.relnamespace = 'storage'::regnamespace and c.relkind in ('r', 'S') loop
    execute format('alter table storage.%I owner to supabase_storage_admin', object.relname);
  end loop;
  for object in select p.oid::regprocedure as signature from pg_proc p where p.pronamespace = 'storage'::regnamespace loop
    execute format('alter function %s owner to supabase_storage_admin', object.signature);
  end loop;
end
$$;
grant usage on schema storage to postgres with grant option;
grant all on schema storage to supabase_storage_admin with grant option;
grant all on storage.buckets, storage.objects to postgres with grant option;
grant all on all routines in schema storage to postgres;
alter default privileges for role supabase_storage_admin in schema storage grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_storage_admin in schema storage grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_storage_admin in schema storage grant all on sequences to postgres, anon, authenticated, service_role;

-- The migration history is the CLI's, which makes it as postgres.
alter schema supabase_migrations owner to postgres;
alter table supabase_migrations.schema_migrations owner to postgres;

-- What supautils' policy_grants and drop_trigger_grants allow, and no more. hosted-roles.sql
-- made postgres a member of auth's and storage's owner roles so that it may manage policies
-- (and drop triggers) on their tables; membership would also let it alter, index, comment on
-- or drop those tables, which a hosted project refuses ("must be owner of table objects").
-- These two event triggers refuse it here too, for every role but a superuser.
create or replace function localbase.refuse_owner_ddl_in_hosted_schemas() returns event_trigger
language plpgsql as $$
declare
  command record;
begin
  if (select r.rolsuper from pg_catalog.pg_roles r where r.rolname = current_user) then
    return;
  end if;
  for command in select * from pg_catalog.pg_event_trigger_ddl_commands() loop
    continue when command.command_tag in ('CREATE POLICY', 'ALTER POLICY', 'CREATE TRIGGER');
    if command.schema_name in ('auth', 'storage') or command.object_identity ~ ' on (auth|storage)\.' then
      raise exception 'must be owner of %', command.object_identity
        using errcode = '42501',
              hint = 'A hosted Supabase project''s postgres role may create, alter and drop policies and create and drop triggers on auth''s and storage''s tables, nothing else that needs their owner.';
    end if;
  end loop;
end
$$;

create or replace function localbase.refuse_owner_drops_in_hosted_schemas() returns event_trigger
language plpgsql as $$
declare
  dropped record;
begin
  if (select r.rolsuper from pg_catalog.pg_roles r where r.rolname = current_user) then
    return;
  end if;
  for dropped in select * from pg_catalog.pg_event_trigger_dropped_objects() loop
    continue when dropped.object_type in ('policy', 'trigger');
    if dropped.schema_name in ('auth', 'storage') or dropped.object_identity ~ ' on (auth|storage)\.' then
      raise exception 'must be owner of %', dropped.object_identity
        using errcode = '42501',
              hint = 'A hosted Supabase project''s postgres role may drop policies and triggers on auth''s and storage''s tables, nothing else there.';
    end if;
  end loop;
end
$$;

create event trigger localbase_hosted_owner_ddl on ddl_command_end
  execute function localbase.refuse_owner_ddl_in_hosted_schemas();
create event trigger localbase_hosted_owner_drops on sql_drop
  execute function localbase.refuse_owner_drops_in_hosted_schemas();
