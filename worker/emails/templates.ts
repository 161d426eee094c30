// Every email the site sends, by template name: the outbox row names one and holds its data
// (public.queue_email); the worker renders it when it delivers. Data is checked here, so a row
// written by a newer or broken function fails loudly instead of sending a half-empty email.
import { z } from 'zod'
import { formatLongDateTime } from '#app/utils/date-time.ts'
import { formatMeetingTime } from '#app/utils/meeting-times.ts'
import { AGE_GROUPS, AGE_GROUP_LABELS, ANIMAL_TYPES, MEMBER_ROLES, SEXES, animalNoun } from '#app/utils/vocabulary.ts'
import { APPLICATION_STATUSES } from '#app/utils/application-vocabulary.ts'
import { joinNames } from '#app/utils/names.ts'
import { DEFAULT_SUPPORT_EMAIL } from '#app/utils/support-contact.ts'
import { animalPhotoSrc } from '#app/utils/photos.ts'
import { nameForEmail, renderEmail, type EmailImage, type RenderedEmail } from '#worker/emails/layout.ts'
import { LISTING_ANSWERS, signListingAnswer, type ListingAnswer } from '#app/utils/listing-answer-links.ts'

/** What some templates need beyond their data: the key one-click answer links are signed with (SYNC_SECRET_KEY). */
export type RenderSecrets = { linkKey?: string | null }

type Template<Data> = {
  data: z.ZodType<Data, z.ZodTypeDef, unknown>
  /** `supportEmail` is the site's support address (SUPPORT_EMAIL), for emails that say whom to ask. */
  render: (data: Data, siteUrl: string, supportEmail: string, secrets: RenderSecrets) => RenderedEmail
}

/** Renders an outbox row's data: checked against the template's schema first. */
type Renderer = (data: unknown, siteUrl: string, name: string, supportEmail: string, secrets: RenderSecrets) => RenderedEmail

function template<Data>({ data: schema, render }: Template<Data>): Renderer {
  return (data, siteUrl, name, supportEmail, secrets) => {
    const parsed = schema.safeParse(data)
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(data)'}: ${issue.message}`).join('; ')
      throw new TemplateError(`The data of email template '${name}' does not fit it: ${problems}`)
    }
    return render(parsed.data, siteUrl, supportEmail, secrets)
  }
}

/** "as a volunteer", "as an admin": the role in a sentence. */
const AS_ROLE: Record<(typeof MEMBER_ROLES)[number], string> = {
  owner: 'as an owner',
  admin: 'as an admin',
  staff: 'as a staff member',
  volunteer: 'as a volunteer',
}

const instant = z.string().datetime({ offset: true })
/** A name the adopter typed: one line, never a link (layout.ts). */
const personName = z.string().min(1).transform(nameForEmail)
const shelterName = z.string().min(1)
const signIn = (siteUrl: string) => ({ label: 'Sign in to your dashboard', url: new URL('/shelter-login', siteUrl).href })
const vettingReason = (name: string) => `You got this email because ${name} asked to list its animals on Pawhaven.`

const dashboardHash = z.string().regex(/^[A-Za-z0-9]{8}$/)
const applicationForShelter = z.object({
  shelter_name: shelterName,
  dashboard_hash: dashboardHash,
  application_id: z.string().uuid(),
  animal_name: z.string().min(1),
  secret: z.object({ applicant_name: personName }),
})
const applicationUrl = (data: z.infer<typeof applicationForShelter>, siteUrl: string) =>
  new URL(`/dashboard/${data.dashboard_hash}/applications/${data.application_id}`, siteUrl).href
/** Where an adopter turns each kind of email off. */
const emailSettings = (siteUrl: string) => ({ label: 'Email settings', url: new URL('/account/settings', siteUrl).href })

const applicationTeamReason = (name: string) => `You got this email because you review adoption applications for ${name} on Pawhaven.`

/** One pet in a saved-search alert: what its result card shows (public.animal_cards). */
const alertAnimal = z.object({
  id: z.string().uuid(),
  name: z.string().min(1),
  /** A bonded group's other listed animals, adopted with this one (alerts before 20261128000100 have none). */
  companions: z.array(z.string().min(1)).default([]),
  type: z.enum(ANIMAL_TYPES),
  primary_breed: z.string().nullable(),
  secondary_breed: z.string().nullable(),
  mixed_breed: z.boolean().nullable(),
  age_group: z.enum(AGE_GROUPS),
  sex: z.enum(SEXES),
  shelter_name: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  distance_miles: z.number().nullable().optional(),
  /** The main photo, as its result card has it (alerts before 20261130400000 have none). */
  photo_path: z.string().nullable().optional(),
  photo_url: z.string().nullable().optional(),
  photo_alt: z.string().nullable().optional(),
  photo_width: z.number().int().positive().nullable().optional(),
  photo_height: z.number().int().positive().nullable().optional(),
})

/**
 * 'November 29, 2026 at 2:05 AM UTC'. The worker does not know a recipient's zone (their browser
 * tells only the pages they open), so an email's time names the zone it is in. Meeting times
 * are the exception: they are in the shelter's own zone, named too (formatMeetingTime).
 */
const longDateTime = (iso: string) => formatLongDateTime(iso, 'UTC')

export const TEMPLATES: Record<string, Renderer> = {
  // To the owner of a confirmed address someone signed up with again (Auth answers that sign-up
  // like a new one and sends nothing; decision 050). No link in it changes anything.
  repeated_signup: template({
    data: z.object({}),
    render: (_data, siteUrl) =>
      renderEmail(
        {
          subject: 'Someone tried to create an account with your email',
          heading: 'Someone tried to sign up with your email',
          paragraphs: [
            'Someone, maybe you, tried to create a new Pawhaven account with this email address. It already has an account, so nothing was changed.',
            `Forgot your password? Reset it: ${new URL('/forgot-password', siteUrl).href}`,
            "If it wasn't you, you can ignore this email: your account stays as it is.",
          ],
          action: { label: 'Sign in', url: new URL('/login', siteUrl).href },
          reason: 'You got this email because your address was entered on our sign-up form.',
        },
        siteUrl,
      ),
  }),
  team_invitation: template({
    data: z.object({
      shelter_name: z.string().min(1),
      invited_by: z.string().min(1),
      role: z.enum(MEMBER_ROLES),
      expires_at: z.string().datetime({ offset: true }),
      secret: z.object({ token: z.string().min(16) }),
    }),
    render: (data, siteUrl) =>
      renderEmail(
        {
          subject: `Join ${data.shelter_name} on Pawhaven`,
          heading: `You're invited to ${data.shelter_name}`,
          paragraphs: [
            `${data.invited_by} invited you to help ${data.shelter_name} list its animals on Pawhaven, ${AS_ROLE[data.role]}.`,
            `The invitation works once and until ${longDateTime(data.expires_at)}. If you have no Pawhaven account yet, you can make one from it.`,
          ],
          action: { label: 'Accept the invitation', url: new URL(`/invitations/${data.secret.token}`, siteUrl).href },
          reason: `You got this email because a member of ${data.shelter_name} entered your address. If you don't know them, ignore it.`,
        },
        siteUrl,
      ),
  }),

  vetting_meeting_requested: template({
    data: z.object({ shelter_name: shelterName, preferred_times: z.array(instant).min(1), time_zone: z.string().min(1) }),
    render: (data, siteUrl) =>
      renderEmail(
        {
          subject: 'We got your meeting request',
          heading: 'Thanks! Your meeting request is in.',
          paragraphs: [
            `We'll contact you within 24-48 hours to confirm a time for ${data.shelter_name}'s vetting meeting. You asked for one of these:`,
          ],
          details: data.preferred_times.map((time, index) => [`Choice ${index + 1}`, formatMeetingTime(time, data.time_zone)]),
          action: signIn(siteUrl),
          reason: vettingReason(data.shelter_name),
        },
        siteUrl,
      ),
  }),
  vetting_request_received: template({
    data: z.object({ shelter_name: shelterName, shelter_id: z.string().uuid(), city: z.string(), state: z.string(), answer: z.boolean() }),
    render: (data, siteUrl) =>
      renderEmail(
        {
          subject: `${data.answer ? 'Answered' : 'New'} vetting request: ${data.shelter_name}`,
          heading: data.answer ? `${data.shelter_name} answered your question` : `${data.shelter_name} asked for a vetting meeting`,
          paragraphs: [
            `${data.shelter_name}${data.city ? ` (${data.city}, ${data.state})` : ''} is waiting in the vetting queue. We promise shelters an answer within 24-48 hours.`,
          ],
          action: { label: 'Open it in the staff console', url: new URL(`/staff/shelters/${data.shelter_id}`, siteUrl).href },
          reason: 'You got this email because you are on the Pawhaven staff.',
        },
        siteUrl,
      ),
  }),
  vetting_meeting_scheduled: template({
    data: z.object({ shelter_name: shelterName, meeting_at: instant, time_zone: z.string().min(1), meeting_details: z.string().min(1) }),
    render: (data, siteUrl) =>
      renderEmail(
        {
          subject: `Your Pawhaven meeting: ${formatMeetingTime(data.meeting_at, data.time_zone)}`,
          heading: 'Your vetting meeting is scheduled',
          paragraphs: [
            `We'll meet ${data.shelter_name} to talk about how you care for and place your animals. It takes about 30 minutes; have your adoption contract and your veterinarian's details at hand.`,
          ],
          details: [
            ['When', formatMeetingTime(data.meeting_at, data.time_zone)],
            ['How to join', data.meeting_details],
          ],
          action: signIn(siteUrl),
          reason: vettingReason(data.shelter_name),
        },
        siteUrl,
      ),
  }),
  vetting_information_requested: template({
    data: z.object({ shelter_name: shelterName, message: z.string().min(1) }),
    render: (data, siteUrl) =>
      renderEmail(
        {
          subject: 'We need a little more information',
          heading: `A question about ${data.shelter_name}`,
          paragraphs: [
            'Before we can go on with your vetting, we need a little more from you:',
            data.message,
            'Sign in and update your meeting request from your dashboard; we will pick it up from there.',
          ],
          action: signIn(siteUrl),
          reason: vettingReason(data.shelter_name),
        },
        siteUrl,
      ),
  }),
  vetting_approved: template({
    data: z.object({ shelter_name: shelterName }),
    render: (data, siteUrl) =>
      renderEmail(
        {
          subject: `${data.shelter_name} is approved on Pawhaven`,
          heading: "You're approved!",
          paragraphs: [
            `Welcome aboard: ${data.shelter_name} can now list its animals on Pawhaven, and adopters nearby will find them in their searches.`,
            'Your full dashboard is open: add your first animal, invite your team and check your public profile.',
          ],
          action: signIn(siteUrl),
          reason: vettingReason(data.shelter_name),
        },
        siteUrl,
      ),
  }),
  shelter_suspended: template({
    data: z.object({ shelter_name: shelterName, reason: z.string().min(1) }),
    render: (data, siteUrl) =>
      renderEmail(
        {
          subject: `${data.shelter_name} is suspended on Pawhaven`,
          heading: 'Your listings are hidden for now',
          paragraphs: [
            `We have suspended ${data.shelter_name} on Pawhaven: your profile and your animals no longer show on any public page. Your dashboard and everything in it stay as they are.`,
            `The reason: ${data.reason}`,
            'Reply through our contact page to sort it out; once we restore your shelter, your listings come back at once.',
          ],
          action: { label: 'Contact us', url: new URL('/contact', siteUrl).href },
          reason: `You got this email because you run ${data.shelter_name} on Pawhaven.`,
        },
        siteUrl,
      ),
  }),
  shelter_restored: template({
    data: z.object({ shelter_name: shelterName }),
    render: (data, siteUrl) =>
      renderEmail(
        {
          subject: `${data.shelter_name} is back on Pawhaven`,
          heading: 'Your listings are back',
          paragraphs: [`We have restored ${data.shelter_name}: your profile and your available animals show on Pawhaven again.`],
          action: signIn(siteUrl),
          reason: `You got this email because you run ${data.shelter_name} on Pawhaven.`,
        },
        siteUrl,
      ),
  }),
  message_to_shelter: template({
    data: z.object({
      shelter_name: shelterName,
      animal_name: z.string().min(1),
      conversation_id: z.string().uuid(),
      first: z.boolean(),
      dashboard_hash: dashboardHash,
      secret: z.object({ excerpt: z.string().min(1), adopter_name: personName }),
    }),
    render: (data, siteUrl) =>
      renderEmail(
        {
          subject: data.first ? `New question about ${data.animal_name}` : `New message about ${data.animal_name}`,
          heading: data.first
            ? `${data.secret.adopter_name} asked about ${data.animal_name}`
            : `${data.secret.adopter_name} wrote about ${data.animal_name}`,
          paragraphs: [`“${data.secret.excerpt}”`, 'Read the whole message and reply from your dashboard.'],
          action: {
            label: 'Open the conversation',
            url: new URL(`/dashboard/${data.dashboard_hash}/messages/${data.conversation_id}`, siteUrl).href,
          },
          reason: `You got this email because you answer messages for ${data.shelter_name} on Pawhaven.`,
        },
        siteUrl,
      ),
  }),
  message_to_adopter: template({
    data: z.object({
      shelter_name: shelterName,
      animal_name: z.string().min(1),
      conversation_id: z.string().uuid(),
      secret: z.object({ excerpt: z.string().min(1) }),
    }),
    render: (data, siteUrl) =>
      renderEmail(
        {
          subject: `${data.shelter_name} replied about ${data.animal_name}`,
          heading: `${data.shelter_name} replied about ${data.animal_name}`,
          paragraphs: [`“${data.secret.excerpt}”`, 'Read the whole reply and answer it from your account.'],
          action: { label: 'Open the conversation', url: new URL(`/account/messages/${data.conversation_id}`, siteUrl).href },
          reason: 'You got this email because you wrote to a shelter on Pawhaven. You can turn these emails off in your account settings.',
          footerLinks: [emailSettings(siteUrl)],
        },
        siteUrl,
      ),
  }),
  vetting_rejected: template({
    data: z.object({ shelter_name: shelterName, reason: z.string().min(1) }),
    render: (data, siteUrl) =>
      renderEmail(
        {
          subject: 'About your Pawhaven application',
          heading: `We can't approve ${data.shelter_name} right now`,
          paragraphs: [
            'Thank you for your interest in Pawhaven. After reviewing your application, we are not able to approve it, for this reason:',
            data.reason,
            'If something has changed or you think we got it wrong, reply through our contact page and we will take another look.',
          ],
          action: { label: 'Contact us', url: new URL('/contact', siteUrl).href },
          reason: vettingReason(data.shelter_name),
        },
        siteUrl,
      ),
  }),

  application_status: template({
    data: z.object({
      application_id: z.string().uuid(),
      animal_name: z.string().min(1),
      shelter_name: shelterName,
      status: z.enum(APPLICATION_STATUSES),
      message: z.string().nullable().optional(),
    }),
    render: (data, siteUrl) => {
      const words = applicationStatusWords(data.animal_name, data.shelter_name)[data.status]
      const message = data.message ? [`${data.status === 'closed' ? '' : `A note from ${data.shelter_name}: `}${data.message}`] : []
      return renderEmail(
        {
          subject: words.subject,
          heading: words.heading,
          paragraphs: [words.first, ...message, ...(words.then ? [words.then] : [])],
          action: { label: 'See your application', url: new URL(`/account/applications/${data.application_id}`, siteUrl).href },
          reason: `You got this email because you applied to adopt ${data.animal_name} on Pawhaven. You can turn these emails off in your account's settings.`,
          footerLinks: [emailSettings(siteUrl)],
        },
        siteUrl,
      )
    },
  }),
  // The site closed an application the shelter never acted on by its deadline
  // (public.keep_response_promises): why, and similar pets nearby to look at instead.
  listing_check: template({
    data: z.object({
      shelter_name: shelterName,
      dashboard_hash: dashboardHash,
      left_search: z.boolean(),
      animals: z.array(z.object({ id: z.string().uuid(), name: z.string().min(1), nonce: z.string().uuid(), expires_at: instant })).min(1),
    }),
    render: (data, siteUrl, _supportEmail, { linkKey }) => {
      // Without the key no link could be checked: the email fails loudly rather than send dead links.
      if (!linkKey) throw new TemplateError('listing_check needs SYNC_SECRET_KEY to sign its links')
      const names = joinNames(data.animals.map((animal) => animal.name))
      const few = data.animals.length === 1 ? 'this listing' : `these ${data.animals.length} listings`
      return renderEmail(
        {
          subject: data.left_search ? `Out of search until you confirm: ${names}` : `Are these pets still available? ${names}`,
          heading: data.left_search ? 'Listings out of search until you confirm them' : 'Are these pets still available?',
          paragraphs: [
            data.left_search
              ? `Nobody has confirmed ${few} at ${data.shelter_name} for 45 days, so adopters no longer find ${data.animals.length === 1 ? 'it' : 'them'} in search. One click below answers for each pet and brings a pet still available back.`
              : `Nobody has confirmed ${few} at ${data.shelter_name} for 30 days. One click below answers for each pet, with no need to sign in; listings still unconfirmed at 45 days leave search.`,
            `Each link works once, until ${longDateTime(data.animals[0]!.expires_at)}.`,
          ],
          items: data.animals.flatMap((animal) =>
            LISTING_ANSWERS.map((answer) => ({
              label: `${animal.name}: ${LISTING_ANSWER_WORDS[answer]}`,
              url: new URL(
                `/listing-answers/${signListingAnswer({ nonce: animal.nonce, answer, expiresAt: new Date(animal.expires_at) }, linkKey)}`,
                siteUrl,
              ).href,
              note: LISTING_ANSWER_NOTES[answer],
            })),
          ),
          action: { label: 'Open your animals', url: new URL(`/dashboard/${data.dashboard_hash}/animals`, siteUrl).href },
          reason: `You got this email because you manage animals for ${data.shelter_name} on Pawhaven.`,
        },
        siteUrl,
      )
    },
  }),
  application_unanswered: template({
    data: z.object({
      application_id: z.string().uuid(),
      animal_name: z.string().min(1),
      shelter_name: shelterName,
      answer_due_at: instant,
      similar: z.array(alertAnimal).max(6),
      similar_type: z.enum(ANIMAL_TYPES).nullable(),
      search_query: z.string(),
    }),
    render: (data, siteUrl) =>
      renderEmail(
        {
          subject: `${data.shelter_name} did not answer your application for ${data.animal_name} in time`,
          heading: 'The shelter did not answer in time',
          paragraphs: [
            `${data.shelter_name} promised to answer applications by a deadline, and had not answered yours for ${data.animal_name} by ${longDateTime(data.answer_due_at)}. So that you are not left waiting, we closed it. If ${data.animal_name} is still available, you can apply again.`,
            ...(data.similar.length
              ? [`${data.similar.length === 1 ? 'This pet is' : `These ${data.similar.length} pets are`} available near you now:`]
              : []),
          ],
          items: data.similar.map((animal) => {
            const image = alertAnimalImage(animal, siteUrl)
            return {
              label: alertAnimalNames(animal),
              url: new URL(`/animals/${animal.id}`, siteUrl).href,
              note: alertAnimalNote(animal),
              ...(image ? { image } : {}),
            }
          }),
          action: data.similar_type
            ? {
                label: `See more ${animalNoun(data.similar_type).toLowerCase()}s nearby`,
                url: similarSearchUrl(data.similar_type, data.search_query, siteUrl),
              }
            : { label: 'See your application', url: new URL(`/account/applications/${data.application_id}`, siteUrl).href },
          reason: `You got this email because you applied to adopt ${data.animal_name} on Pawhaven. You can turn these emails off in your account's settings.`,
          footerLinks: [emailSettings(siteUrl)],
        },
        siteUrl,
      ),
  }),
  // The shelter reopened an application the site had closed for want of an answer
  // (public.reopen_application): it is open again, with a new deadline.
  application_reopened: template({
    data: z.object({
      application_id: z.string().uuid(),
      animal_name: z.string().min(1),
      shelter_name: shelterName,
      answer_due_at: instant,
      response_days: z.number().int().min(1).max(14),
    }),
    render: (data, siteUrl) =>
      renderEmail(
        {
          subject: `${data.shelter_name} reopened your application for ${data.animal_name}`,
          heading: 'Your application is open again',
          paragraphs: [
            `${data.shelter_name} reopened your application to adopt ${data.animal_name}, which we had closed because they had not answered in time. You do not need to send it again.`,
            `They answer within ${data.response_days} ${data.response_days === 1 ? 'day' : 'days'}: you should hear from them by ${longDateTime(data.answer_due_at)}.`,
          ],
          action: { label: 'See your application', url: new URL(`/account/applications/${data.application_id}`, siteUrl).href },
          reason: `You got this email because you applied to adopt ${data.animal_name} on Pawhaven. You can turn these emails off in your account's settings.`,
          footerLinks: [emailSettings(siteUrl)],
        },
        siteUrl,
      ),
  }),
  // The day before an open item's deadline, to the shelter's owners and admins, once per item.
  answer_reminder: template({
    data: z.object({
      shelter_name: shelterName,
      dashboard_hash: dashboardHash,
      kind: z.enum(['application', 'question']),
      item_id: z.string().uuid(),
      animal_name: z.string().min(1),
      answer_due_at: instant,
      secret: z.object({ adopter_name: personName }),
    }),
    render: (data, siteUrl) => {
      const application = data.kind === 'application'
      const what = application
        ? `${data.secret.adopter_name}'s application for ${data.animal_name}`
        : `${data.secret.adopter_name}'s question about ${data.animal_name}`
      return renderEmail(
        {
          subject: `Answer ${what} by ${longDateTime(data.answer_due_at)}`,
          heading: application ? 'An application is due tomorrow' : 'A question is due tomorrow',
          paragraphs: [
            `${data.shelter_name} promises to answer within its response time, and nobody has answered ${what} yet. It is due by ${longDateTime(data.answer_due_at)}.`,
            application
              ? 'Any step counts as an answer: start a review, approve or decline it. If it is still unanswered at the deadline, Pawhaven closes it and tells the applicant the shelter did not answer in time.'
              : 'Any reply counts as an answer. If it is still unanswered at the deadline, the adopter sees that the shelter has not answered yet.',
          ],
          action: {
            label: application ? 'Review the application' : 'Answer the question',
            url: new URL(`/dashboard/${data.dashboard_hash}/${application ? 'applications' : 'messages'}/${data.item_id}`, siteUrl).href,
          },
          reason: `You got this email because you are an owner or admin of ${data.shelter_name} on Pawhaven, which promises adopters an answer in time.`,
        },
        siteUrl,
      )
    },
  }),
  application_received: template({
    data: applicationForShelter,
    render: (data, siteUrl) =>
      renderEmail(
        {
          subject: `New application for ${data.animal_name}`,
          heading: `${data.secret.applicant_name} applied to adopt ${data.animal_name}`,
          paragraphs: [
            `${data.secret.applicant_name} sent ${data.shelter_name} an adoption application for ${data.animal_name}. Their answers and their note are in your dashboard, where you can start a review, approve it or decline it.`,
          ],
          action: { label: 'Review the application', url: applicationUrl(data, siteUrl) },
          reason: applicationTeamReason(data.shelter_name),
        },
        siteUrl,
      ),
  }),
  application_withdrawn: template({
    data: applicationForShelter,
    render: (data, siteUrl) =>
      renderEmail(
        {
          subject: `${data.secret.applicant_name} withdrew their application for ${data.animal_name}`,
          heading: 'An application was withdrawn',
          paragraphs: [
            `${data.secret.applicant_name} withdrew their application to adopt ${data.animal_name}. There is nothing you need to do.`,
          ],
          action: { label: 'See the application', url: applicationUrl(data, siteUrl) },
          reason: applicationTeamReason(data.shelter_name),
        },
        siteUrl,
      ),
  }),
  sync_run_held: template({
    data: z.object({
      shelter_name: shelterName,
      dashboard_hash: dashboardHash,
      source_name: z.string().min(1),
      run_id: z.string().uuid(),
      removing: z.number().int().positive(),
      listed: z.number().int().positive(),
    }),
    render: (data, siteUrl) =>
      renderEmail(
        {
          subject: `A listings file for ${data.shelter_name} is waiting for you`,
          heading: 'We held a file that would remove most of your listings',
          paragraphs: [
            `The latest file from ${data.source_name} would take ${data.removing} of its ${data.listed} animals off Pawhaven. A file cut short in transit looks just like that, so we changed nothing.`,
            'If those animals really are gone, confirm the file in your dashboard; otherwise discard it, and the next file will be read as usual.',
          ],
          action: { label: 'Review the file', url: new URL(`/dashboard/${data.dashboard_hash}/sync/runs/${data.run_id}`, siteUrl).href },
          reason: `You got this email because you manage listing sync for ${data.shelter_name} on Pawhaven.`,
        },
        siteUrl,
      ),
  }),
  sync_pull_failing: template({
    data: z.object({
      shelter_name: shelterName,
      dashboard_hash: dashboardHash,
      source_id: z.string().uuid(),
      source_name: z.string().min(1),
      failures: z.number().int().min(3),
      error: z.string().min(1),
      next_run_at: instant,
    }),
    render: (data, siteUrl) =>
      renderEmail(
        {
          subject: `Listings from ${data.source_name} have stopped updating`,
          heading: `We could not pull ${data.source_name} ${data.failures} times in a row`,
          paragraphs: [
            `Pawhaven keeps ${data.shelter_name}'s listings current by fetching them from ${data.source_name}, and the last ${data.failures} tries failed. Your listings stay as they were until a try succeeds.`,
            `The last answer: ${data.error}`,
            'We keep trying, less often each time (at least once a day). If the key or the address changed, update it on the source’s page; you can also pause the source or run it now from there.',
          ],
          action: {
            label: 'Open the source',
            url: new URL(`/dashboard/${data.dashboard_hash}/sync/sources/${data.source_id}`, siteUrl).href,
          },
          reason: `You got this email because you manage listing sync for ${data.shelter_name} on Pawhaven.`,
        },
        siteUrl,
      ),
  }),
  saved_search_alert: template({
    data: z.object({
      search_name: z.string().min(1),
      query: z.string(),
      total: z.number().int().positive(),
      animals: z.array(alertAnimal).min(1).max(20),
      secret: z.object({ unsubscribe_token: z.string().regex(/^[0-9a-f]{64}$/) }),
    }),
    render: (data, siteUrl) => {
      const unsubscribe = new URL(`/unsubscribe/${data.secret.unsubscribe_token}`, siteUrl).href
      const first = data.animals[0]!
      const more = data.total > data.animals.length
      // One listing is one pet, or a bonded group (one card, 'Biscuit & Gravy') adopted together.
      const one = data.total === 1 && !first.companions.length
      return renderEmail(
        {
          subject:
            data.total === 1
              ? `${alertAnimalNames(first)} ${one ? 'matches' : 'match'} “${data.search_name}”`
              : `${data.total} new pets match “${data.search_name}”`,
          heading: one ? 'A new pet matches your search' : 'New pets match your search',
          paragraphs: [
            `${one ? 'This pet was' : 'These pets were'} just listed on Pawhaven and ${one ? 'matches' : 'match'} your saved search “${data.search_name}”.`,
            ...(more ? [`Here are the newest ${data.animals.length} of ${data.total}; the rest are one click away.`] : []),
          ],
          preheader: data.animals
            .slice(0, 3)
            .map((animal) => `${alertAnimalNames(animal)}: ${alertAnimalNote(animal)}`)
            .join(' · '),
          items: data.animals.map((animal) => {
            const image = alertAnimalImage(animal, siteUrl)
            return {
              label: alertAnimalNames(animal),
              url: new URL(`/animals/${animal.id}`, siteUrl).href,
              note: alertAnimalNote(animal),
              ...(image ? { image } : {}),
            }
          }),
          action: { label: more ? `See all ${data.total} new matches` : 'See the search', url: newestFirstSearchUrl(data.query, siteUrl) },
          reason: `You got this email because you saved the search “${data.search_name}” on Pawhaven and asked to hear about new matches. You can turn these emails off in your email settings.`,
          footerLinks: [
            { label: 'Unsubscribe from this search', url: unsubscribe },
            { label: 'Manage your saved searches', url: new URL('/account/searches', siteUrl).href },
            { label: 'Turn these emails off', url: emailSettings(siteUrl).url },
          ],
          headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        },
        siteUrl,
      )
    },
  }),

  password_changed: template({
    data: z.object({ changed_at: instant }),
    render: (data, siteUrl, supportEmail) =>
      renderEmail(
        {
          subject: 'Your Pawhaven password was changed',
          heading: 'Your password was changed',
          paragraphs: [
            `The password of your Pawhaven account was changed on ${longDateTime(data.changed_at)}. If you did that, there is nothing more to do.`,
            `If it wasn't you, someone else may be able to sign in as you: choose a new password now with the link below, and write to us at ${supportEmail} so we can check your account with you.`,
          ],
          action: { label: 'Choose a new password', url: new URL('/forgot-password', siteUrl).href },
          reason:
            'You got this email because the password of your Pawhaven account changed. We send it every time, to the address of the account.',
        },
        siteUrl,
      ),
  }),
  account_deleted: template({
    data: z.object({ deleted_at: instant }),
    render: (data, siteUrl, supportEmail) =>
      renderEmail(
        {
          subject: 'Your Pawhaven account was deleted',
          heading: 'Your account is deleted',
          paragraphs: [
            `Your Pawhaven account was deleted on ${longDateTime(data.deleted_at)}, with everything personal in it. This is the last email we send about it.`,
            `If it wasn't you who deleted it, write to us at ${supportEmail} at once: someone else may know your password, and we will help you find out what happened.`,
          ],
          action: { label: 'Contact us', url: new URL('/contact', siteUrl).href },
          reason: 'You got this email because the Pawhaven account of this address was deleted.',
        },
        siteUrl,
      ),
  }),
}

/** The search a saved search was made from, newest first: where the rest of an alert's matches are. */
export function newestFirstSearchUrl(query: string, siteUrl: string): string {
  const params = new URLSearchParams(query)
  params.delete('page')
  params.set('sort', 'recent')
  return new URL(`/search?${params}`, siteUrl).href
}

/** The search for more pets like one applied for: its type, in the same place, nearest first. */
export function similarSearchUrl(type: string, query: string, siteUrl: string): string {
  const place = new URLSearchParams(query)
  const params = new URLSearchParams({ type })
  const location = place.get('location')?.trim()
  if (location) {
    params.set('location', location)
    params.set('distance', place.get('distance') || '50')
    params.set('sort', 'distance')
  }
  return new URL(`/search?${params}`, siteUrl).href
}

/** 'Biscuit', or a bonded group as its card names it: 'Biscuit & Gravy', 'Biscuit, Gravy & Pepper'. */
function alertAnimalNames(animal: z.infer<typeof alertAnimal>): string {
  return joinNames([animal.name, ...animal.companions], '&')
}

/** How wide an alert shows each pet's photo; a tall photo is narrowed to keep its row short. */
const ALERT_PHOTO_WIDTH = 120
const ALERT_PHOTO_MAX_HEIGHT = 160

/**
 * A pet's main photo for its alert row: an absolute URL on the site (a stored photo through the
 * photo route, twice the shown width for sharp screens) or the synced listing's own http(s)
 * URL, shown at the photo's own proportions (4:3 when they are not known). None without one.
 */
export function alertAnimalImage(animal: z.infer<typeof alertAnimal>, siteUrl: string): EmailImage | undefined {
  const src = animalPhotoSrc({ storage_path: animal.photo_path, external_url: animal.photo_url }, ALERT_PHOTO_WIDTH * 2)
  if (!src) return undefined
  let url: URL
  try {
    url = new URL(src, siteUrl)
  } catch {
    return undefined
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined
  const ratio = animal.photo_width && animal.photo_height ? animal.photo_height / animal.photo_width : 3 / 4
  const width = ratio * ALERT_PHOTO_WIDTH > ALERT_PHOTO_MAX_HEIGHT ? Math.round(ALERT_PHOTO_MAX_HEIGHT / ratio) : ALERT_PHOTO_WIDTH
  const height = Math.max(1, Math.round(width * ratio))
  return { src: url.href, alt: animal.photo_alt || `Photo of ${alertAnimalNames(animal)}`, width, height }
}

/** 'Adult female Beagle Mix · Happy Tails, Austin, TX · 3.2 mi away', after 'Adopted together' for a group. */
function alertAnimalNote(animal: z.infer<typeof alertAnimal>): string {
  const breeds = [animal.primary_breed, animal.secondary_breed].filter(Boolean).join(' & ')
  const breed = breeds
    ? animal.mixed_breed && !/\bmix(ed)?\b/i.test(breeds)
      ? `${breeds} Mix`
      : breeds
    : animal.mixed_breed
      ? `mixed ${animalNoun(animal.type).toLowerCase()}`
      : animalNoun(animal.type).toLowerCase()
  const who = [AGE_GROUP_LABELS[animal.age_group], animal.sex === 'unknown' ? null : animal.sex, breed].filter(Boolean).join(' ')
  const where = [animal.shelter_name, animal.city, animal.state].filter(Boolean).join(', ')
  const distance =
    animal.distance_miles === null || animal.distance_miles === undefined
      ? null
      : `${animal.distance_miles < 10 ? animal.distance_miles.toFixed(1) : Math.round(animal.distance_miles)} mi away`
  const together = animal.companions.length ? 'Adopted together' : null
  return [together, who, where, distance].filter(Boolean).join(' · ')
}

function applicationStatusWords(animal: string, shelter: string) {
  const words: Record<(typeof APPLICATION_STATUSES)[number], { subject: string; heading: string; first: string; then?: string }> = {
    submitted: {
      subject: `Your application for ${animal} is in`,
      heading: `${shelter} has your application`,
      first: `We sent your application to adopt ${animal} to ${shelter}. You will get an email each time it moves; you can follow it, or withdraw it, from your account.`,
    },
    in_review: {
      subject: `${shelter} is reviewing your application`,
      heading: `Your application for ${animal} is in review`,
      first: `${shelter} started reviewing your application to adopt ${animal}. They may call your references or get in touch with you.`,
    },
    on_hold: {
      subject: `${shelter} put your application on hold`,
      heading: `Your application for ${animal} is on hold`,
      first: `${shelter} put your application to adopt ${animal} on hold. It stays open, and you will get an email when it moves.`,
    },
    approved: {
      subject: `Good news about ${animal}`,
      heading: `Your application for ${animal} is approved`,
      first: `${shelter} approved your application to adopt ${animal}.`,
      then: `They will be in touch about the next steps, such as meeting ${animal} and the adoption paperwork.`,
    },
    rejected: {
      subject: `About your application for ${animal}`,
      heading: `${shelter} did not select your application`,
      first: `We're sorry: ${shelter} did not select your application to adopt ${animal}.`,
      then: 'Your application profile is ready for the next pet you fall for. Many more are waiting on Pawhaven.',
    },
    adopted: {
      subject: `Congratulations on adopting ${animal}!`,
      heading: `${animal} is home`,
      first: `${shelter} marked ${animal} as adopted by you. Thank you for adopting, and enjoy your new life together!`,
    },
    withdrawn: {
      subject: `You withdrew your application for ${animal}`,
      heading: 'Your application is withdrawn',
      first: `Your application to adopt ${animal} is withdrawn, and ${shelter} knows. If you change your mind, you can apply again while ${animal} is listed.`,
    },
    closed: {
      subject: `An update about ${animal}`,
      heading: `Your application for ${animal} is closed`,
      first: `We're sorry: your application to adopt ${animal} at ${shelter} is closed.`,
      then: 'Thank you for wanting to give a pet a home. Your application profile is ready for the next one, and many more are waiting on Pawhaven.',
    },
  }
  return words
}

const LISTING_ANSWER_WORDS: Record<ListingAnswer, string> = { available: 'still available', adopted: 'adopted', on_hold: 'on hold' }
const LISTING_ANSWER_NOTES: Record<ListingAnswer, string> = {
  available: 'Confirms the listing as it is.',
  adopted: 'Marks the pet adopted: the listing leaves search.',
  on_hold: 'Shows the pet as pending.',
}

/** The email for an outbox row; an unknown template or data that does not fit it is an error. */
export function renderTemplate(
  name: string,
  data: unknown,
  siteUrl: string,
  supportEmail = DEFAULT_SUPPORT_EMAIL,
  secrets: RenderSecrets = {},
): RenderedEmail {
  if (!Object.hasOwn(TEMPLATES, name)) throw new TemplateError(`Unknown email template '${name}'`)
  return TEMPLATES[name]!(data, siteUrl, name, supportEmail, secrets)
}

export class TemplateError extends Error {}
