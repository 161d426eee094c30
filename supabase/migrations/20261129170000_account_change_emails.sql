-- The owner of an account hears of it when its password changes or the account is deleted,
-- whichever way that happens: the settings form, a password-reset link, the admin API, a
-- staff member. Auth writes every one of those to auth.users, so a trigger there queues the
-- email (the outbox, decision 025) in the same transaction as the change. Someone who did not
-- make the change learns of it, and what to do (worker/emails/templates.ts).
--
-- Only a confirmed address is told: an unconfirmed sign-up may carry someone else's address.
-- A first password (an invited member choosing one) is no change; a soft delete (the admin
-- API's should_soft_delete, which forgets the address and the password) is a deletion, told
-- once, not also a password change.

create or replace function public.tell_owner_of_account_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'DELETE' then
    if old.email is not null and old.email_confirmed_at is not null and old.deleted_at is null then
      perform public.queue_email('account_deleted', old.email, jsonb_build_object('deleted_at', now()));
    end if;
    return old;
  end if;

  if old.deleted_at is null and new.deleted_at is not null then
    if old.email is not null and old.email_confirmed_at is not null then
      perform public.queue_email('account_deleted', old.email, jsonb_build_object('deleted_at', now()));
    end if;
  elsif coalesce(old.encrypted_password, '') <> ''
    and new.encrypted_password is distinct from old.encrypted_password
    and new.email is not null
    and old.email_confirmed_at is not null
    and new.deleted_at is null then
    perform public.queue_email('password_changed', new.email, jsonb_build_object('changed_at', now()));
  end if;
  return new;
end
$$;
comment on function public.tell_owner_of_account_change() is
  'Trigger on auth.users: emails the owner when the password changes or the account is deleted.';
revoke execute on function public.tell_owner_of_account_change() from public, anon, authenticated;

create trigger on_auth_user_password_or_deletion after update of encrypted_password, deleted_at on auth.users
  for each row execute function public.tell_owner_of_account_change();

create trigger on_auth_user_deleted after delete on auth.users
  for each row execute function public.tell_owner_of_account_change();
