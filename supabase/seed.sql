-- Data for a fresh local database (localbase on first start, or `supabase db reset`):
-- never applied to a hosted project by `supabase db push`.

-- Local and test deployments let a shelter skip the vetting meeting with the testing button.
update public.app_settings set value = 'true' where key = 'vetting_bypass_enabled';
