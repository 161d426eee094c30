// supabase/config.toml is what a hosted project's Auth is set up from (`supabase config push`):
// it must ask for what the embedded backend does, so a site that works on `npm start` works there.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'smol-toml'
import { CONTENT, type EmailKind } from '#localbase/src/auth/emails.ts'

const root = path.resolve(import.meta.dirname, '../../..')
type Section = Record<string, unknown>
const config = parse(readFileSync(path.join(root, 'supabase/config.toml'), 'utf8')) as Section
const section = (...keys: string[]) => keys.reduce<Section>((at, key) => (at[key] ?? {}) as Section, config)

describe('supabase/config.toml', () => {
  it('needs a confirmed address before sign-in, and takes the site address from the environment', () => {
    expect(section('auth', 'email')).toMatchObject({ enable_signup: true, enable_confirmations: true })
    expect(section('auth')).toMatchObject({ site_url: 'env(SITE_URL)', additional_redirect_urls: ['env(SITE_URL)'] })
  })

  it("sends Auth's emails through the operator's SMTP, with no secret written in the file", () => {
    const smtp = section('auth', 'email', 'smtp')
    expect(smtp.enabled).toBe(true)
    for (const key of ['host', 'user', 'pass', 'admin_email']) expect(smtp[key]).toMatch(/^env\([A-Z_]+\)$/)
  })

  it.each(Object.keys(CONTENT) as EmailKind[])('has the %s template the embedded backend sends, with its subject', (kind) => {
    const template = section('auth', 'email', 'template', kind)
    expect(template.subject).toBe(CONTENT[kind].subject)
    // The CLI reads content_path from the project folder, the one that holds supabase/.
    expect(existsSync(path.join(root, String(template.content_path)))).toBe(true)
  })

  it('is for the PostgreSQL the migrations are tested on', () => {
    expect(section('db').major_version).toBe(15)
  })
})
