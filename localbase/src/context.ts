import type { Database } from '#localbase/src/db.ts'
import type { RateLimiter } from '#localbase/src/rate-limit.ts'

export type LocalbaseConfig = {
  /** Where the database, stored files and localbase.json live; undefined = in memory. */
  dataDir: string | undefined
  host: string
  port: number
  /** The public URL of this server, e.g. http://127.0.0.1:54321 (the JWT issuer base). */
  url: string
  /** The site the emailed links point at (the app), e.g. http://localhost:3000. */
  siteUrl: string
  jwtSecret: string
  /** Access-token lifetime in seconds (GoTrue's JWT_EXP). */
  jwtExpiry: number
  /**
   * The most rows one read returns (PostgREST's db-max-rows; Supabase's default max_rows is
   * 1000), applied to the root and to each embedded list.
   */
  maxRows: number
  /**
   * How deep a select may embed (`a(b(c))` is 3), and how large one answer may be: what
   * PostgREST leaves to the database's statement timeout, bounded here so that one request
   * cannot occupy the single embedded database building a huge answer.
   */
  maxEmbedDepth: number
  maxAnswerBytes: number
  /** Rate limits; tests lower them to prove they hold. */
  rateLimits: RateLimits
}

export type RateLimits = {
  /** Password sign-ins (and emailed-code verifications) per IP per 5 minutes. */
  signInPerIp: number
  /** The same, per IP and email together (never per email alone: that would lock the owner out). */
  signInPerIpAndEmail: number
  /** Sign-ups per IP per hour. */
  signUpPerIp: number
  /** Emails sent (confirmations, recoveries, email changes) per address per 60 s window. */
  emailsPerAddress: number
  /** Recover and resend requests per IP per hour. */
  recoverPerIp: number
}

export type Keys = { anonKey: string; serviceRoleKey: string }

/** What every API handler gets: the database, the settings and the derived keys. */
export type Localbase = {
  db: Database
  config: LocalbaseConfig
  keys: Keys
  limiter: RateLimiter
}

/** A handler for one API prefix. `path` is the part after the prefix, e.g. "/signup". */
export type ApiHandler = (lb: Localbase, request: Request, path: string) => Promise<Response>
