// The words of adoption applications (public.applications), apart from vocabulary.ts: that
// module is in every public page's JavaScript, and these words are only for signed-in pages
// (esbuild splits code by module, so one import here would ship them to every visitor).
// vocabulary.test.ts checks them against the database with the rest.
/** Where an application stands (public.applications.status), in the order of its life. */
export const APPLICATION_STATUSES = ['submitted', 'in_review', 'approved', 'adopted', 'rejected', 'withdrawn', 'closed'] as const
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number]

/** The dashboard's tabs (public.applications.stage): the spec's Pending, Approved and Rejected. */
export const APPLICATION_STAGES = ['pending', 'approved', 'rejected'] as const
export type ApplicationStage = (typeof APPLICATION_STAGES)[number]
export const APPLICATION_STAGE_LABELS: Record<ApplicationStage, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' }

/** The status as the shelter's team reads it. */
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  submitted: 'New',
  in_review: 'In review',
  approved: 'Approved',
  adopted: 'Adopted',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
  closed: 'Closed',
}

/** The status as the applicant reads it: a shelter's 'rejected' is 'not selected' to them. */
export const APPLICATION_STATUS_LABELS_FOR_ADOPTERS: Record<ApplicationStatus, string> = {
  submitted: 'Submitted',
  in_review: 'In review',
  approved: 'Approved',
  adopted: 'Adopted',
  rejected: 'Not selected',
  withdrawn: 'Withdrawn',
  closed: 'Closed',
}

/** The statuses an application can still move from: the applicant may withdraw it. */
export const OPEN_APPLICATION_STATUSES = ['submitted', 'in_review', 'approved'] as const satisfies readonly ApplicationStatus[]
