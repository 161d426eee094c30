-- A sign-up with an address that already has a confirmed account: Auth (GoTrue with
-- confirmations on) answers it like a new sign-up and sends nothing, so the form tells nobody
-- who has an account. The owner of the address hears of it from the site's own outbox
-- (decision 050), the same on a hosted project and on the embedded backend: the sign-up form
-- calls this with the service role after every sign-up Auth accepted, and it writes the email
-- only when the address belongs to a confirmed account, at most once a day per address, so the
-- form cannot be used to fill someone's inbox.

create index email_outbox_repeated_signup_idx on public.email_outbox (to_address, created_at)
  where template = 'repeated_signup';

/** Queues the repeated sign-up notice to a confirmed account's address; true when it did. */
create function public.tell_owner_of_repeated_signup(email text) returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  address text := lower(trim(tell_owner_of_repeated_signup.email));
begin
  if address is null or address = '' then
    return false;
  end if;
  if not exists (
    select 1 from auth.users u
     where lower(u.email) = address and u.email_confirmed_at is not null and u.deleted_at is null
  ) then
    return false;
  end if;
  -- Two sign-ups at the same moment take turns, so only one writes the day's notice.
  perform pg_advisory_xact_lock(hashtext('repeated_signup:' || address));
  if exists (
    select 1 from public.email_outbox o
     where o.template = 'repeated_signup' and o.to_address = address and o.created_at > now() - interval '1 day'
  ) then
    return false;
  end if;
  perform public.queue_email('repeated_signup', address, '{}');
  return true;
end
$$;
revoke execute on function public.tell_owner_of_repeated_signup(text) from public, anon, authenticated;
grant execute on function public.tell_owner_of_repeated_signup(text) to service_role;
