// Which file of supabase/schemas/ each of our database objects is written to. Tables and
// functions are mapped here by name; what belongs to a table (its constraints, indexes,
// triggers, policies and grants) goes with the table, a function's grants with the function.
// Files are loaded in the order below; an object that needs something of a later area (a
// policy calling a later area's function, a foreign key to a later area's table) is written in
// that later file, after what it needs. Anything not mapped goes to `other` and the script says
// so: add it here and run `npm run db:schemas` again.

export type Area = {
  file: string
  title: string
  tables: string[]
  functions: (string | RegExp)[]
  /** Types (enums, domains, composite types) defined here, before the tables that use them. */
  types?: string[]
  /** Supabase's own tables (schema-qualified) whose triggers and policies we add live here. */
  ownedOn?: string[]
}

export const AREAS: Area[] = [
  {
    file: '01-platform.sql',
    title: 'Settings, rate limits and shared helpers',
    tables: ['app_settings', 'rate_limit_counts'],
    functions: ['set_updated_at', 'require_text', 'require_bcrypt_hash', 'take_rate_limit', 'forget_rate_limits'],
  },
  {
    file: '02-jobs-and-email.sql',
    title: 'Background jobs, the email outbox and worker heartbeats',
    tables: ['jobs', 'job_schedules', 'email_outbox', 'worker_heartbeats'],
    functions: [
      'claim_jobs',
      'complete_job',
      'fail_job',
      'enqueue_job',
      'release_job',
      'defer_job',
      'renew_job_lease',
      'queue_email',
      'mark_email_sent',
      'record_worker_heartbeat',
      'last_worker_heartbeat_age',
    ],
  },
  {
    file: '03-accounts.sql',
    title: 'Accounts: Pawhaven staff, and what a new sign-up gets',
    tables: ['staff_members'],
    functions: ['is_staff', 'require_staff', 'handle_new_shelter_user', /^tell_owner_of_/],
    ownedOn: ['auth.users'],
  },
  {
    file: '04-shelters-and-teams.sql',
    title: 'Shelters, their teams, invitations and activity log',
    types: ['shelter_type', 'member_role'],
    tables: [
      'shelter_profiles',
      'shelter_slug_history',
      'shelter_members',
      'shelter_invitations',
      'shelter_activity',
      'legacy_photo_folders',
    ],
    functions: [
      'dashboard_hash',
      'is_shelter_member',
      'my_shelter_id',
      'my_team',
      'shelter_role_rank',
      'invite_member',
      'accept_invitation',
      'change_member_role',
      'remove_member',
      'leave_shelter',
      'resend_invitation',
      'revoke_invitation',
      'expire_invitations',
      'invitation_preview',
      'new_invitation_token',
      'send_invitation_email',
      'require_team_manager',
      'shelter_members_keep_an_owner',
      'shelter_profiles_log_activity',
      'shelter_profiles_sync_animals',
      'refresh_shelter_slug',
      'shelter_slug',
      'log_shelter_activity',
      'shelter_contact_emails',
      'email_shelter_team',
      'my_photo_folders',
      'my_dashboard_badges',
    ],
  },
  {
    file: '05-staff-and-vetting.sql',
    title: 'Vetting shelters: meeting requests, the staff console and its audit log',
    tables: ['vetting_requests', 'staff_audit_log'],
    functions: [/^staff_/, 'bypass_vetting', 'request_vetting_meeting'],
  },
  {
    file: '06-public-forms.sql',
    title: 'The public forms: newsletter, support messages, feature notifications',
    tables: ['newsletter_subscriptions', 'support_messages', 'feature_notification_requests'],
    functions: ['subscribe_newsletter', 'submit_support_message', 'support_reference'],
  },
  {
    file: '07-listings.sql',
    title: 'Listings: animals, their photos (and their Storage policies), bonded groups',
    types: [
      'animal_type',
      'animal_age_group',
      'animal_sex',
      'animal_size',
      'animal_coat',
      'good_with_answer',
      'animal_status',
      'companion_card',
      'listing_photo',
      'listing_shelter',
      'shelter_place',
      'adopted_animal',
      'unlisted_animal',
    ],
    tables: ['animals', 'animal_photos', 'bonded_groups', 'listing_answer_links'],
    ownedOn: ['storage.objects'],
    functions: [
      /^animals_/,
      'animal_photos_before_write',
      'enforce_photo_quota',
      'photo_storage_use',
      'my_photo_storage',
      'photo_folder_shelter',
      'reorder_animal_photos',
      'save_animal',
      'bond_pair',
      'link_bonded',
      'unlink_bonded',
      'settle_bonded_group',
      /^bonded_/,
      'listed_companions',
      'unlisted_animal_page',
      'animal_freshness',
      'keep_listings_fresh',
      'answer_listing_check',
      'shelter_animal_counts',
      'detach_animal',
    ],
  },
  {
    file: '08-search.sql',
    title: 'Search: the tallies behind facets and totals, the list, the map, the sitemap',
    types: ['animal_card', 'search_results', 'map_animal', 'map_group', 'animal_map'],
    tables: [
      'listed_animal_counts',
      'listed_animal_facets',
      'listed_animal_facet_totals',
      'listed_animal_breeds',
      'listed_animal_cells',
      'listed_animal_trait_totals',
      'listed_animal_trait_facets',
      'listed_animal_colors',
    ],
    functions: [
      /^search_/,
      /^tally_/,
      'count_listed_animals',
      'animal_type_counts',
      'animal_cards',
      'animal_card_rows',
      'animal_color_keys',
      /^grid_cell/,
      'matching_breed_words',
      'waiting_longest',
      /^sitemap_/,
    ],
  },
  {
    file: '09-adopters.sql',
    title: 'Adopters: profiles, favorites, the application profile',
    tables: ['adopter_profiles', 'favorites', 'application_profiles'],
    functions: ['adopter_name', 'my_favorites', 'application_profile_missing', 'my_application_profile_missing', 'save_favorite'],
  },
  {
    file: '10-saved-searches.sql',
    title: 'Saved searches and their email alerts',
    tables: ['saved_searches', 'saved_search_seen'],
    functions: [/^saved_search/, 'run_saved_search_alerts', 'unsubscribe_saved_search'],
  },
  {
    file: '11-conversations.sql',
    title: 'Conversations between adopters and shelters',
    tables: ['conversations', 'messages', 'blocked_senders'],
    functions: [
      'conversation_side',
      'conversation_summary',
      'conversations_forget_adopter',
      'set_answer_due_at',
      'messages_first_answer',
      'message_excerpt',
      'my_conversations',
      'post_message',
      'send_message',
      'start_conversation',
      'close_conversation',
      'reopen_conversation',
      'mark_conversation_read',
      'checked_message',
      'block_sender',
      'unblock_sender',
      'require_not_blocked',
      'require_conversation_side',
      'shelter_side_of',
      'shelter_conversations',
      'shelter_unread_conversations',
      'my_unread_conversations',
      'email_shelter',
    ],
  },
  {
    file: '12-applications.sql',
    title: 'Adoption applications',
    types: ['application_status', 'application_stage', 'application_question_kind'],
    tables: ['applications', 'application_events', 'shelter_questions', 'animal_application_limits'],
    functions: [
      'applications_forget_applicant',
      'applications_check_intake',
      'animal_application_intake',
      'hold_application',
      'reopen_application',
      'application_events_first_answer',
      'application_snapshot',
      'approve_application',
      'reject_application',
      'review_application',
      'move_application',
      'withdraw_application',
      'submit_application',
      'mark_application_adopted',
      'require_application_team',
      'my_shelter_application_counts',
      'email_applicant',
      'keep_response_promises',
      'refresh_shelter_responsiveness',
      'similar_animals_nearby',
      'shelter_questions_check',
      'move_shelter_question',
      'submit_application_with_answers',
    ],
  },
  {
    file: '13-sync.sql',
    title: 'Listing sync: sources, imports, scheduled pulls, the push API, the FTP drop',
    tables: [
      'sync_sources',
      'import_runs',
      'import_run_errors',
      'import_run_rows',
      'api_keys',
      'api_idempotency_keys',
      'ftp_accounts',
      'ftp_waiting_photos',
    ],
    functions: [
      /^api_/,
      /import/,
      /pull/,
      /^ftp_/,
      /ftp_photo/,
      /sync_source/,
      'create_api_key',
      'revoke_api_key',
      'reset_ftp_password',
      'bond_source_animals',
      'write_source_animals',
      'store_synced_photo',
      'store_ftp_photo',
      'close_receiving_runs',
      'interrupted_run_message',
      'require_sync_manager',
      'require_api_source',
      'create_ftp_source',
    ],
  },
  {
    file: '14-analytics.sql',
    title: 'Analytics: daily tallies of views, favorites, shares, questions and applications',
    types: ['activity_totals', 'daily_activity', 'animal_activity', 'analytics_report'],
    tables: ['animal_daily_stats', 'animal_activity_totals', 'shelter_daily_stats'],
    functions: [
      'add_animal_activity',
      'analytics_day',
      'count_animal_activity',
      'rebuild_activity_totals',
      'record_page_activity',
      'shelter_analytics',
      'my_shelter_profile_views',
      /_count_activity$/,
    ],
  },
]

export const OTHER_AREA: Area = {
  file: '99-other.sql',
  title: 'Not yet mapped to an area (scripts/lib/db-schemas/areas.ts)',
  tables: [],
  functions: [],
}

/** The file a type belongs to by name, or undefined. */
export function areaOfType(name: string): number | undefined {
  const index = AREAS.findIndex((area) => area.types?.includes(name))
  return index < 0 ? undefined : index
}

/** The file a table belongs to by name, or undefined. */
export function areaOfTable(schema: string, name: string): number | undefined {
  const index = AREAS.findIndex((area) => (schema === 'public' ? area.tables.includes(name) : area.ownedOn?.includes(`${schema}.${name}`)))
  return index < 0 ? undefined : index
}

/** The file a function belongs to by name (exact names before patterns), or undefined. */
export function areaOfFunction(name: string): number | undefined {
  const exact = AREAS.findIndex((area) => area.functions.some((rule) => rule === name))
  if (exact >= 0) return exact
  const pattern = AREAS.findIndex((area) => area.functions.some((rule) => rule instanceof RegExp && rule.test(name)))
  return pattern < 0 ? undefined : pattern
}
