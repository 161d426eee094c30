-- A plain insert into newsletter_subscriptions answered 201 for a new address and 409 for one
-- already on the list, telling anyone who was subscribed. Subscribing now goes only through
-- public.subscribe_newsletter(), which answers the same either way (hardening issue).
drop policy "anyone subscribes" on public.newsletter_subscriptions;
revoke insert on public.newsletter_subscriptions from anon, authenticated;
