// Every kind of job the worker runs, by the name jobs are enqueued with (public.jobs.kind).
import type { Mailer } from '#worker/mailer.ts'
import type { Task } from '#worker/runner.ts'
import type { FetchPolicy } from '#worker/safe-fetch.ts'
import { closeStaleImports } from '#worker/tasks/close-stale-imports.ts'
import { expireInvitations } from '#worker/tasks/expire-invitations.ts'
import { fetchSyncedPhotosTask } from '#worker/tasks/fetch-synced-photos.ts'
import { forgetRateLimits } from '#worker/tasks/forget-rate-limits.ts'
import { attachFtpPhotos, expireFtpPhotos } from '#worker/tasks/ftp-photos.ts'
import { importFileTask, type ImportFileOptions } from '#worker/tasks/import-file.ts'
import { keepListingsFreshTask } from '#worker/tasks/keep-listings-fresh.ts'
import { keepResponsePromisesTask } from '#worker/tasks/keep-response-promises.ts'
import { refreshShelterResponsivenessTask } from '#worker/tasks/refresh-shelter-responsiveness.ts'
import { moveFolder } from '#worker/tasks/move-photo-folder.ts'
import { pullSourceTask, schedulePulls, type ConnectorEndpoints } from '#worker/tasks/pull-source.ts'
import { searchAlerts } from '#worker/tasks/search-alerts.ts'
import { sendEmailTask } from '#worker/tasks/send-email.ts'

export type TaskSettings = {
  mailer: Mailer
  siteUrl: string
  /** SUPPORT_EMAIL, named in emails that say whom to ask. */
  supportEmail?: string
  /** How synced photos are fetched; by default never from a private or loopback address. */
  photoFetch?: FetchPolicy
  /** SYNC_SECRET_KEY, which decrypts the pull connectors' keys. */
  syncSecretKey?: string | null
  /** How feeds and connectors are fetched (the same address rules as photos by default). */
  pullFetch?: FetchPolicy
  /** The connectors' API addresses, for tests against fake servers. */
  connectorEndpoints?: Partial<ConnectorEndpoints>
  /** How stored listings files are staged and applied (pieces' sizes), for tests and benches. */
  importFile?: ImportFileOptions
  /** The time deadlines (the response promise) and listings' freshness are judged at; the database's now() by default. */
  clock?: () => Date
}

export function createTasks({
  mailer,
  siteUrl,
  supportEmail,
  photoFetch,
  syncSecretKey,
  pullFetch,
  connectorEndpoints,
  importFile,
  clock,
}: TaskSettings): Record<string, Task> {
  return {
    send_email: sendEmailTask({ mailer, siteUrl, supportEmail, messageIdDomain: new URL(siteUrl).hostname, linkKey: syncSecretKey }),
    move_photo_folder: moveFolder,
    expire_invitations: expireInvitations,
    fetch_synced_photos: fetchSyncedPhotosTask({ fetchPolicy: photoFetch }),
    schedule_pulls: schedulePulls,
    search_alerts: searchAlerts,
    pull_source: pullSourceTask({ secretKey: syncSecretKey, fetchPolicy: pullFetch ?? photoFetch, endpoints: connectorEndpoints }),
    close_stale_imports: closeStaleImports,
    forget_rate_limits: forgetRateLimits,
    import_file: importFileTask(importFile),
    attach_ftp_photos: attachFtpPhotos,
    expire_ftp_photos: expireFtpPhotos,
    keep_response_promises: keepResponsePromisesTask({ clock }),
    refresh_shelter_responsiveness: refreshShelterResponsivenessTask({ clock }),
    keep_listings_fresh: keepListingsFreshTask({ clock }),
  }
}
