// FTP photos that waited in Storage for their animals (decision 050): attach_ftp_photos places a
// source's photos once their animals exist (enqueued when an animal arrives, or by the daily
// clean-up); expire_ftp_photos, scheduled daily by migration 20261129120200, forgets photos that
// waited a week and removes objects no waiting photo names.
import { PermanentJobError, type Task } from '#worker/runner.ts'
import { attachWaitingPhotos, expireWaitingPhotos } from '#app/sync/ftp-photos.server.ts'

export const attachFtpPhotos: Task = async (payload, { supabase, log }) => {
  const sourceId = (payload as { source_id?: unknown } | null)?.source_id
  if (typeof sourceId !== 'string') throw new PermanentJobError('attach_ftp_photos needs a source_id')
  const placed = await attachWaitingPhotos(supabase, sourceId, log)
  if (placed) log(`source ${sourceId}: placed ${placed} FTP photo${placed === 1 ? '' : 's'} that waited for their animals`)
}

export const expireFtpPhotos: Task = async (_payload, { supabase, log }) => {
  const removed = await expireWaitingPhotos(supabase)
  if (removed) log(`removed ${removed} FTP photo${removed === 1 ? '' : 's'} that waited too long or belonged to no one`)
}
