import type { ApiHandler } from '../context.ts'
import { json } from '../http.ts'

export const handleAuth: ApiHandler = async () => json({ code: 'not_implemented', message: 'Not implemented' }, { status: 501 })
export const authTooLarge = () => json({ code: 'request_too_large', message: 'Request body too large' }, { status: 413 })
