// Every email the site sends, by template name: the outbox row names one and holds its data
// (public.queue_email); the worker renders it when it delivers. Data is checked here, so a row
// written by a newer or broken function fails loudly instead of sending a half-empty email.
import { z } from 'zod'
import { MEMBER_ROLES } from '../../app/utils/vocabulary.ts'
import { renderEmail, type RenderedEmail } from './layout.ts'

type Template<Data> = { data: z.ZodType<Data>; render: (data: Data, siteUrl: string) => RenderedEmail }

const template = <Data>(definition: Template<Data>) => definition

/** "as a volunteer", "as an admin": the role in a sentence. */
const AS_ROLE: Record<(typeof MEMBER_ROLES)[number], string> = {
  owner: 'as an owner',
  admin: 'as an admin',
  staff: 'as a staff member',
  volunteer: 'as a volunteer',
}

const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso))

export const TEMPLATES = {
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
            `The invitation works once and until ${longDate(data.expires_at)}. If you have no Pawhaven account yet, you can make one from it.`,
          ],
          action: { label: 'Accept the invitation', url: new URL(`/invitations/${data.secret.token}`, siteUrl).href },
          reason: `You got this email because a member of ${data.shelter_name} entered your address. If you don't know them, ignore it.`,
        },
        siteUrl,
      ),
  }),
}

export type TemplateName = keyof typeof TEMPLATES

/** The email for an outbox row; an unknown template or data that does not fit it is an error. */
export function renderTemplate(name: string, data: unknown, siteUrl: string): RenderedEmail {
  if (!Object.hasOwn(TEMPLATES, name)) throw new TemplateError(`Unknown email template '${name}'`)
  const { data: schema, render } = TEMPLATES[name as TemplateName]
  const parsed = schema.safeParse(data)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(data)'}: ${issue.message}`).join('; ')
    throw new TemplateError(`The data of email template '${name}' does not fit it: ${problems}`)
  }
  return render(parsed.data, siteUrl)
}

export class TemplateError extends Error {}
