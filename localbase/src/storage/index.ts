import type { ApiHandler } from '../context.ts'
import { json } from '../http.ts'

export const handleStorage: ApiHandler = async () => json({ statusCode: '501', error: 'not_implemented', message: 'Not implemented' }, { status: 501 })
export const storageTooLarge = () =>
  json({ statusCode: '413', code: 'EntityTooLarge', error: 'Payload too large', message: 'The object exceeded the maximum allowed size' }, { status: 400 })
