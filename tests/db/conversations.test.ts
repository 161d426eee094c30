// Questions to shelters: a conversation and its messages are read by its adopter and by the
// owners, admins and staff of its shelter, and nobody else (not volunteers, not Pawhaven staff,
// not another shelter); nobody writes the tables but through the functions, which keep the
// rules: closed threads, blocked senders, the limits on new threads, and what an account's
// deletion leaves behind. Every caller × every table and function.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startHarness, uniqueEmail, type Harness } from '#localbase/test/harness.ts'
import { createShelter } from '#tests/db/factories.ts'

type Name = 'anon' | 'adopter' | 'otherAdopter' | 'owner' | 'admin' | 'staff' | 'volunteer' | 'ownerB' | 'pawhaven' | 'service'
const CALLERS: Name[] = ['anon', 'adopter', 'otherAdopter', 'owner', 'admin', 'staff', 'volunteer', 'ownerB', 'pawhaven', 'service']
/** Who reads a conversation of shelter A with `adopter`. */
const READERS: Name[] = ['adopter', 'owner', 'admin', 'staff', 'service']

let h: Harness
let service: SupabaseClient
const client = {} as Record<Name, SupabaseClient>
const email = {} as Record<Name, string>
const userId = {} as Record<Name, string>
let shelterA: string
let shelterB: string
let conversationId: string

async function animal(shelterId = shelterA, fields: Record<string, unknown> = {}): Promise<string> {
  const { data, error } = await service
    .from('animals')
    .insert({ shelter_id: shelterId, name: 'Biscuit', type: 'dog', age_group: 'adult', ...fields })
    .select('id')
    .single()
  if (error) throw error
  return data.id
}

async function outbox(to: string, template: string) {
  const { data } = await service
    .from('email_outbox')
    .select('data')
    .eq('to_address', to.toLowerCase())
    .eq('template', template)
    .order('created_at')
  return (data ?? []).map((row) => row.data as Record<string, unknown>)
}

beforeAll(async () => {
  h = await startHarness({ seedFiles: [] })
  service = h.service()
  const shelter = (name: string) => createShelter(h, name, { meeting_completed: true, latitude: 30.27, longitude: -97.74 })
  const a = await shelter('Happy Tails')
  shelterA = a.shelterId
  Object.assign(client, { owner: a.client })
  Object.assign(email, { owner: a.email })
  Object.assign(userId, { owner: a.userId })
  for (const role of ['admin', 'staff', 'volunteer'] as const) {
    const person = await h.signedIn(uniqueEmail(role), 'correct-horse-1', { user_type: 'adopter' })
    await service.from('shelter_members').insert({ shelter_id: shelterA, user_id: person.userId, role })
    Object.assign(client, { [role]: person.client })
    Object.assign(email, { [role]: person.email })
    Object.assign(userId, { [role]: person.userId })
  }
  const b = await shelter('Other Rescue')
  shelterB = b.shelterId
  for (const [name, person] of [
    ['ownerB', b],
    ['adopter', await h.signedIn(uniqueEmail('adopter'))],
    ['otherAdopter', await h.signedIn()],
    ['pawhaven', await h.signedIn()],
  ] as const) {
    client[name] = person.client
    email[name] = person.email
    userId[name] = person.userId
  }
  await service.from('staff_members').insert({ user_id: userId.pawhaven })
  client.anon = h.anon()
  client.service = service

  await service.from('adopter_profiles').insert({ user_id: userId.adopter, display_name: 'Ana Ruiz' })
  const { data, error } = await client.adopter.rpc('start_conversation', {
    animal: await animal(),
    message: '  Is Biscuit good with cats?  ',
  })
  expect(error).toBeNull()
  conversationId = data
  // A blocked spammer, so blocked_senders has a row of shelter A.
  const spammer = await h.signedIn()
  const { data: spam } = await spammer.client.rpc('start_conversation', { animal: await animal(), message: 'Buy cheap things' })
  expect((await client.owner.rpc('block_sender', { conversation_id: spam })).error).toBeNull()
})
afterAll(async () => {
  await h?.stop()
})

describe('a question to a shelter', () => {
  it('starts a conversation about the animal, and emails its owners, admins and staff (not volunteers) a link and an excerpt', async () => {
    const { data: conversation } = await service.from('conversations').select('*').eq('id', conversationId).single()
    expect(conversation).toMatchObject({ shelter_id: shelterA, adopter_id: userId.adopter, animal_name: 'Biscuit', status: 'open' })
    const { data: messages } = await service.from('messages').select('sender, body, author_id').eq('conversation_id', conversationId)
    expect(messages).toEqual([{ sender: 'adopter', body: 'Is Biscuit good with cats?', author_id: userId.adopter }])
    for (const role of ['owner', 'admin', 'staff'] as const) {
      const [sent] = await outbox(email[role], 'message_to_shelter')
      expect(sent).toMatchObject({
        shelter_name: 'Happy Tails',
        animal_name: 'Biscuit',
        conversation_id: conversationId,
        first: true,
        dashboard_hash: Buffer.from(userId[role]).toString('base64').replace(/[+/=]/g, '').slice(0, 8),
        secret: { excerpt: 'Is Biscuit good with cats?', adopter_name: 'Ana Ruiz' },
      })
    }
    expect(await outbox(email.volunteer, 'message_to_shelter')).toEqual([])
  })

  it('adds to the open conversation about the same animal instead of starting another', async () => {
    const person = await h.signedIn()
    const pet = await animal()
    const first = (await person.client.rpc('start_conversation', { animal: pet, message: 'Hello' })).data
    const second = (await person.client.rpc('start_conversation', { animal: pet, message: 'Hello again' })).data
    expect(second).toBe(first)
    expect((await service.from('messages').select('body').eq('conversation_id', first).order('id')).data).toEqual([
      { body: 'Hello' },
      { body: 'Hello again' },
    ])
  })

  it('takes only listed animals, text that is there and not too long, and people off the shelter’s team', async () => {
    const person = (await h.signedIn()).client
    expect(
      (await person.rpc('start_conversation', { animal: await animal(shelterA, { status: 'adopted' }), message: 'Hi' })).error,
    ).toMatchObject({ code: 'PT404', message: 'This pet is no longer listed' })
    expect((await person.rpc('start_conversation', { animal: await animal(), message: '   ' })).error).toMatchObject({
      code: '22023',
      message: 'Write your message',
    })
    expect((await person.rpc('start_conversation', { animal: await animal(), message: 'x'.repeat(2001) })).error?.code).toBe('22023')
    expect((await client.volunteer.rpc('start_conversation', { animal: await animal(), message: 'Hi' })).error?.code).toBe('22023')
    expect((await client.anon.rpc('start_conversation', { animal: await animal(), message: 'Hi' })).error?.code).toBe('42501')
  })

  it('cuts the excerpt to 140 characters', async () => {
    const person = await h.signedIn()
    await person.client.rpc('start_conversation', { animal: await animal(), message: `Long\n\n${'word '.repeat(60)}` })
    const [sent] = (await outbox(email.owner, 'message_to_shelter')).slice(-1)
    const excerpt = (sent!.secret as { excerpt: string }).excerpt
    expect(excerpt.length).toBeLessThanOrEqual(140)
    expect(excerpt).toMatch(/^Long word word .*…$/)
  })
})

describe('who reads and writes', () => {
  const tables = [
    { table: 'conversations', key: 'id', column: 'status', reads: READERS },
    { table: 'messages', key: 'id', column: 'body', reads: READERS },
    { table: 'blocked_senders', key: 'user_id', column: 'created_at', reads: ['owner', 'admin', 'staff', 'service'] as Name[] },
  ]
  for (const { table, key, column, reads } of tables) {
    it(`${table}: read by ${reads.join(', ')}; written by nobody through the API`, async () => {
      for (const name of CALLERS) {
        const query = client[name].from(table).select(key)
        const { data, error } =
          table === 'messages'
            ? await query.eq('conversation_id', conversationId)
            : table === 'conversations'
              ? await query.eq('id', conversationId)
              : await query.eq('shelter_id', shelterA)
        const got = error ? (error.code === '42501' ? 'denied' : `error ${error.code}`) : data.length ? 'rows' : 'none'
        expect(got, `${name} select ${table}`).toBe(reads.includes(name) ? 'rows' : name === 'anon' ? 'denied' : 'none')
        if (name === 'service') continue
        for (const [op, run] of [
          ['insert', () => client[name].from(table).insert({})],
          [
            'update',
            () =>
              client[name]
                .from(table)
                .update({ [column]: null })
                .not(key, 'is', null),
          ],
          ['delete', () => client[name].from(table).delete().not(key, 'is', null)],
        ] as const) {
          expect((await run()).error?.code, `${name} ${op} ${table}`).toBe('42501')
        }
      }
    })
  }

  it('lists the conversation for its adopter and for the shelter’s owners, admins and staff only', async () => {
    for (const name of CALLERS) {
      const mine = await client[name].rpc('my_conversations')
      const shelters = await client[name].rpc('shelter_conversations', { closed: false })
      if (name === 'anon') {
        expect(mine.error?.code).toBe('42501')
        expect(shelters.error?.code).toBe('42501')
        continue
      }
      const ids = (rows: Array<{ id: string }> | null) => (rows ?? []).map((row) => row.id)
      expect(ids(mine.data).includes(conversationId), `${name} my_conversations`).toBe(name === 'adopter')
      expect(ids(shelters.data).includes(conversationId), `${name} shelter_conversations`).toBe(['owner', 'admin', 'staff'].includes(name))
    }
    const [row] = (await client.staff.rpc('shelter_conversations', { closed: false })).data!.filter(
      (r: { id: string }) => r.id === conversationId,
    )
    expect(row).toMatchObject({ animal_name: 'Biscuit', adopter_name: 'Ana Ruiz', status: 'open' })
  })

  it('lets the adopter and the shelter’s owners, admins and staff into the thread; to anyone else it does not exist', async () => {
    for (const name of CALLERS) {
      const summary = await client[name].rpc('conversation_summary', { conversation_id: conversationId })
      const read = await client[name].rpc('mark_conversation_read', { conversation_id: conversationId })
      // An empty message fails after the permission check: the allowed meet 22023, nothing is sent.
      const send = await client[name].rpc('send_message', { conversation_id: conversationId, message: '' })
      const close = await client[name].rpc('close_conversation', { conversation_id: '00000000-0000-0000-0000-000000000000' })
      if (name === 'anon') {
        for (const result of [summary, read, send, close]) expect(result.error?.code, `anon`).toBe('42501')
      } else if (['adopter', 'owner', 'admin', 'staff'].includes(name)) {
        expect(summary.data?.[0]?.side, name).toBe(name === 'adopter' ? 'adopter' : 'shelter')
        expect(read.error, name).toBeNull()
        expect(send.error?.code, name).toBe('22023')
      } else {
        for (const result of [summary, read, send])
          expect(result, name).toMatchObject({ status: 404, error: { code: 'PT404', message: 'Conversation not found' } })
      }
      if (name !== 'anon') expect(close.error?.code, name).toBe('PT404')
    }
    // The helpers are nobody's through the API.
    for (const fn of [
      'post_message',
      'conversation_side',
      'require_conversation_side',
      'shelter_side_of',
      'adopter_name',
      'message_excerpt',
      'checked_message',
      'require_not_blocked',
      'conversations_forget_adopter',
    ]) {
      for (const name of CALLERS.filter((n) => n !== 'service')) {
        expect((await client[name].rpc(fn, {})).error?.code, `${name} → ${fn}`).toMatch(/^(42501|PGRST202)$/)
      }
    }
  })
})

describe('replies, read markers and emails', () => {
  it('a reply emails the adopter (unless they turned those emails off); each side sees what it has not read', async () => {
    const person = await h.signedIn()
    const { data: id } = await person.client.rpc('start_conversation', { animal: await animal(shelterB), message: 'Hi there' })
    expect((await client.ownerB.rpc('shelter_unread_conversations')).data).toBe(1)
    expect((await client.ownerB.rpc('mark_conversation_read', { conversation_id: id })).error).toBeNull()
    expect((await client.ownerB.rpc('shelter_unread_conversations')).data).toBe(0)

    expect((await client.ownerB.rpc('send_message', { conversation_id: id, message: 'Yes, come and meet her!' })).error).toBeNull()
    expect(await outbox(person.email, 'message_to_adopter')).toEqual([
      { shelter_name: 'Other Rescue', animal_name: 'Biscuit', conversation_id: id, secret: { excerpt: 'Yes, come and meet her!' } },
    ])
    expect((await person.client.rpc('my_unread_conversations')).data).toBe(1)
    expect((await person.client.rpc('my_conversations')).data![0]).toMatchObject({ id, unread: true, shelter_name: 'Other Rescue' })
    await person.client.rpc('mark_conversation_read', { conversation_id: id })
    expect((await person.client.rpc('my_unread_conversations')).data).toBe(0)

    await service.from('adopter_profiles').insert({ user_id: person.userId, email_messages: false })
    await client.ownerB.rpc('send_message', { conversation_id: id, message: 'Any news?' })
    expect(await outbox(person.email, 'message_to_adopter')).toHaveLength(1)
    expect((await person.client.rpc('my_unread_conversations')).data).toBe(1)
  })
})

describe('closing and blocking', () => {
  it('the shelter closes and reopens a thread; nobody writes in a closed one; others cannot close it', async () => {
    const person = await h.signedIn()
    const { data: id } = await person.client.rpc('start_conversation', { animal: await animal(), message: 'Question' })
    for (const name of ['adopter', 'volunteer', 'ownerB', 'pawhaven'] as const) {
      expect((await client[name].rpc('close_conversation', { conversation_id: id })).error?.code, name).toMatch(/^(42501|PT404)$/)
    }
    expect((await person.client.rpc('close_conversation', { conversation_id: id })).error).toMatchObject({
      code: '42501',
      message: 'Only the shelter can do this',
    })
    expect((await client.staff.rpc('close_conversation', { conversation_id: id })).error).toBeNull()
    expect((await person.client.rpc('send_message', { conversation_id: id, message: 'Hello?' })).error).toMatchObject({
      code: 'PT409',
      message: 'This conversation is closed',
    })
    expect((await client.staff.rpc('send_message', { conversation_id: id, message: 'Hello?' })).error?.code).toBe('PT409')
    expect((await client.owner.rpc('shelter_conversations', { closed: true })).data!.map((row: { id: string }) => row.id)).toContain(id)
    expect((await client.admin.rpc('reopen_conversation', { conversation_id: id })).error).toBeNull()
    expect((await person.client.rpc('send_message', { conversation_id: id, message: 'Hello?' })).error).toBeNull()
  })

  it('a blocked person is told so clearly, and can write again once unblocked', async () => {
    const person = await h.signedIn()
    const pet = await animal()
    const { data: id } = await person.client.rpc('start_conversation', { animal: pet, message: 'Spam spam' })
    expect((await client.volunteer.rpc('block_sender', { conversation_id: id })).error?.code).toBe('PT404')
    expect((await client.staff.rpc('block_sender', { conversation_id: id })).error).toBeNull()
    expect((await client.staff.rpc('conversation_summary', { conversation_id: id })).data![0]).toMatchObject({
      blocked: true,
      status: 'closed',
    })
    // The person does not read who blocked them, or that they are.
    expect((await person.client.rpc('conversation_summary', { conversation_id: id })).data![0]).toMatchObject({ blocked: false })
    expect((await person.client.from('blocked_senders').select('user_id')).data).toEqual([])
    expect((await person.client.rpc('start_conversation', { animal: await animal(), message: 'Again' })).error).toMatchObject({
      code: '42501',
      message: 'Happy Tails does not accept messages from your account',
    })
    // Other shelters still hear from them.
    expect((await person.client.rpc('start_conversation', { animal: await animal(shelterB), message: 'Hi' })).error).toBeNull()
    expect((await client.owner.rpc('unblock_sender', { conversation_id: id })).error).toBeNull()
    expect((await person.client.rpc('start_conversation', { animal: pet, message: 'Sorry' })).error).toBeNull()
  })
})

describe('limits on new threads', () => {
  it('at most 5 new conversations an hour', async () => {
    const person = await h.signedIn()
    for (let i = 0; i < 5; i++) {
      expect((await person.client.rpc('start_conversation', { animal: await animal(shelterB), message: `Question ${i}` })).error).toBeNull()
    }
    const pet = await animal(shelterB)
    expect(await person.client.rpc('start_conversation', { animal: pet, message: 'One more' })).toMatchObject({
      status: 429,
      error: { code: 'PT429', message: expect.stringMatching(/^You have started 5 conversations in the last hour/) },
    })
    // Writing in a conversation they have is not a new one.
    const { data: mine } = await person.client.rpc('my_conversations')
    expect((await person.client.rpc('send_message', { conversation_id: mine![0].id, message: 'More' })).error).toBeNull()
    // An hour later the hourly limit has passed; the day's is 20.
    await h.lb.db.query(`update public.conversations set created_at = now() - interval '2 hours' where adopter_id = $1`, [person.userId])
    for (let i = 0; i < 15; i++) {
      await h.lb.db.query(
        `insert into public.conversations (shelter_id, animal_name, adopter_id, created_at) values ($1, 'Old', $2, now() - interval '3 hours')`,
        [shelterB, person.userId],
      )
    }
    expect((await person.client.rpc('start_conversation', { animal: pet, message: 'One more' })).error).toMatchObject({
      code: 'PT429',
      message: expect.stringMatching(/^You have started 20 conversations today/),
    })
  })
})

describe('deleting an adopter’s account', () => {
  it('blanks what they wrote and closes the thread; the shelter keeps that it existed, and its own replies', async () => {
    const person = await h.signedIn()
    await service.from('adopter_profiles').insert({ user_id: person.userId, display_name: 'Sam' })
    const { data: id } = await person.client.rpc('start_conversation', { animal: await animal(), message: 'My phone is 555-0100' })
    await client.owner.rpc('send_message', { conversation_id: id, message: 'Thanks, we will call' })
    expect((await service.auth.admin.deleteUser(person.userId)).error).toBeNull()

    const { data: conversation } = await service.from('conversations').select('adopter_id, status, animal_name').eq('id', id).single()
    expect(conversation).toEqual({ adopter_id: null, status: 'closed', animal_name: 'Biscuit' })
    const { data: messages } = await service
      .from('messages')
      .select('sender, body, author_id, removed_at')
      .eq('conversation_id', id)
      .order('id')
    expect(messages!.map((m) => [m.sender, m.body, m.author_id === null, m.removed_at !== null])).toEqual([
      ['adopter', '', true, true],
      ['shelter', 'Thanks, we will call', false, false],
    ])
    expect((await client.owner.rpc('conversation_summary', { conversation_id: id })).data![0]).toMatchObject({
      adopter_name: 'Deleted account',
      adopter_deleted: true,
    })
    expect(JSON.stringify((await client.owner.rpc('shelter_conversations', { closed: true })).data)).not.toContain('Sam')
    expect((await client.owner.rpc('reopen_conversation', { conversation_id: id })).error?.code).toBe('PT409')
    expect((await client.owner.rpc('block_sender', { conversation_id: id })).error?.code).toBe('PT409')
  })
})
