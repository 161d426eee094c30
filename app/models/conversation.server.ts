// Conversations between adopters and shelters (supabase/migrations/20261126000200_conversations.sql),
// through the person's own client: the database decides who reads a thread and who may write
// in it, and words its refusals for people.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database, Tables } from '#app/types/database.ts'
import { BackendError } from '#app/utils/backend.server.ts'

type Client = SupabaseClient<Database>
type Refusal = { code: string; message: string }

export type ConversationSummary = Database['public']['Functions']['conversation_summary']['Returns'][number]
export type ThreadMessage = Pick<Tables<'messages'>, 'id' | 'sender' | 'author_id' | 'body' | 'created_at' | 'removed_at'>

/** Asks a shelter about an animal: the conversation it went into, or the database's refusal. */
export async function startConversation(supabase: Client, animalId: string, message: string): Promise<{ id: string } | { error: Refusal }> {
  const { data, error } = await supabase.rpc('start_conversation', { animal: animalId, message })
  return error ? { error } : { id: data }
}

export async function sendMessage(supabase: Client, conversationId: string, message: string): Promise<Refusal | null> {
  return (await supabase.rpc('send_message', { conversation_id: conversationId, message })).error
}

/** The shelter's actions on a thread. */
export type ConversationChange = 'close' | 'reopen' | 'block' | 'unblock'
const CHANGE_FUNCTIONS = {
  close: 'close_conversation',
  reopen: 'reopen_conversation',
  block: 'block_sender',
  unblock: 'unblock_sender',
} as const

export async function changeConversation(supabase: Client, change: ConversationChange, conversationId: string): Promise<Refusal | null> {
  return (await supabase.rpc(CHANGE_FUNCTIONS[change], { conversation_id: conversationId })).error
}

/** The thread for the caller's side, read as that side; null when it is not theirs (or does not exist). */
export async function getConversation(
  supabase: Client,
  conversationId: string,
): Promise<{ summary: ConversationSummary; messages: ThreadMessage[] } | null> {
  const summary = await supabase.rpc('conversation_summary', { conversation_id: conversationId })
  if (summary.error?.code === 'PT404' || summary.error?.code === '22P02') return null
  if (summary.error) throw new BackendError('reading a conversation', summary.error)
  const { data, error } = await supabase
    .from('messages')
    .select('id, sender, author_id, body, created_at, removed_at')
    .eq('conversation_id', conversationId)
    .order('created_at')
    .order('id')
  if (error) throw new BackendError('reading messages', error)
  return summary.data[0] ? { summary: summary.data[0], messages: data } : null
}

export async function markConversationRead(supabase: Client, conversationId: string): Promise<void> {
  const { error } = await supabase.rpc('mark_conversation_read', { conversation_id: conversationId })
  if (error) throw new BackendError('marking a conversation read', error)
}

/** The signed-in person's conversations with shelters, the latest first. */
export async function getMyConversations(supabase: Client) {
  const { data, error } = await supabase.rpc('my_conversations')
  if (error) throw new BackendError('reading conversations', error)
  return data
}

export const SHELTER_PAGE_SIZE = 50

/**
 * A page of the shelter's open (or closed) conversations, and how many there are: those waiting
 * for the shelter's first answer by deadline, soonest first, then the latest first.
 */
export async function getShelterConversations(supabase: Client, { closed, page }: { closed: boolean; page: number }) {
  const { data, error } = await supabase.rpc('shelter_conversations', {
    closed,
    page_size: SHELTER_PAGE_SIZE,
    page_offset: (page - 1) * SHELTER_PAGE_SIZE,
  })
  if (error) throw new BackendError('reading conversations', error)
  return { conversations: data, total: Number(data[0]?.total ?? 0) }
}

/** How many of the person's conversations have replies they have not read. */
export async function getMyUnreadCount(supabase: Client): Promise<number> {
  const { data, error } = await supabase.rpc('my_unread_conversations')
  if (error) throw new BackendError('counting unread conversations', error)
  return data
}

/**
 * The sentence a refused write shows. The conversation functions word their refusals for
 * people ('This conversation is closed'); Postgres's own are not, and become null for the
 * caller's general message.
 */
export function conversationRefusal(error: Refusal): string | null {
  if (['22023', 'PT409', '23505', 'PT429', 'PT404'].includes(error.code)) return error.message
  if (error.code === '42501' && !/^permission denied/i.test(error.message)) return error.message
  return null
}
