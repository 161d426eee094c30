// A connector's API key (Shelterluv, RescueGroups) at rest (decision 033): AES-256-GCM with a
// key derived from SYNC_SECRET_KEY, encrypted by the app before it reaches the database and
// decrypted only by the worker that pulls. The database holds 'v1.<iv>.<tag>.<ciphertext>'
// (base64url) in a column no client is granted. Shared by the app and the worker: no '~' imports.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

const VERSION = 'v1'
/** Binds a ciphertext to its use: one made for something else does not decrypt as a key. */
const ASSOCIATED_DATA = Buffer.from('pawhaven:sync-connector-key:v1')

/** SYNC_SECRET_KEY's shortest length: 32 characters (e.g. `openssl rand -hex 32` gives 64). */
export const MIN_SECRET_LENGTH = 32

export class ConnectorKeyError extends Error {}

function aesKey(secret: string): Buffer {
  if (secret.length < MIN_SECRET_LENGTH) throw new ConnectorKeyError(`SYNC_SECRET_KEY must be at least ${MIN_SECRET_LENGTH} characters`)
  return createHash('sha256').update(`pawhaven-sync-secret:${secret}`).digest()
}

export function encryptConnectorKey(plain: string, secret: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', aesKey(secret), iv)
  cipher.setAAD(ASSOCIATED_DATA)
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.')
}

/** The key; a ConnectorKeyError when the text is not ours or SYNC_SECRET_KEY changed since. */
export function decryptConnectorKey(stored: string, secret: string): string {
  const [version, iv, tag, body, extra] = stored.split('.')
  if (version !== VERSION || !iv || !tag || body === undefined || extra !== undefined)
    throw new ConnectorKeyError('The stored key is not in a form we know')
  try {
    const decipher = createDecipheriv('aes-256-gcm', aesKey(secret), Buffer.from(iv, 'base64url'))
    decipher.setAAD(ASSOCIATED_DATA)
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
  } catch {
    throw new ConnectorKeyError('The stored key cannot be decrypted: was SYNC_SECRET_KEY changed? Enter the key again.')
  }
}
