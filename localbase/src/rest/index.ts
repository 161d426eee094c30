import type { ApiHandler } from '../context.ts'
import { json } from '../http.ts'

export const handleRest: ApiHandler = async () => json({ code: 'PGRST000', details: null, hint: null, message: 'Not implemented' }, { status: 501 })
export const restTooLarge = () => json({ code: 'PGRST413', details: null, hint: null, message: 'Payload Too Large' }, { status: 413 })
