// The database tests' one way to make a shelter: a confirmed account signed up as a shelter (so
// the sign-up trigger makes its profile, as in production), signed in as its owner, with the
// profile then set as the test needs through the service role (approval, place, contact).
import type { TablesUpdate } from '#app/types/database.ts'
import { uniqueEmail, type Harness } from '#localbase/test/harness.ts'

export type SignedIn = Awaited<ReturnType<Harness['signedIn']>>
export type TestShelter = SignedIn & { shelterId: string; slug: string }

/** A profile past staff review: its meeting held and approved now. */
export const approvedProfile = () => ({ meeting_completed: true, approved_at: new Date().toISOString() })

/** A shelter named `name`, signed in as its owner, its profile updated with `profile`. */
export async function createShelter(h: Harness, name: string, profile: TablesUpdate<'shelter_profiles'> = {}): Promise<TestShelter> {
  const owner = await h.signedIn(uniqueEmail('shelter'), 'correct-horse-1', { user_type: 'shelter', shelter_name: name })
  const profiles = h.service().from('shelter_profiles')
  const { data, error } = await (Object.keys(profile).length ? profiles.update(profile) : profiles.select())
    .eq('user_id', owner.userId)
    .select('id, slug')
    .single()
  if (error) throw error
  return { ...owner, shelterId: data.id as string, slug: data.slug as string }
}
