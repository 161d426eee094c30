import type { PendingFavorite } from '#app/utils/auth-schemas.ts'

/** The page a signed-out visitor came from and the pet they pressed 'Save' on, posted on with a form. */
export function PendingFavoriteInputs({ pending }: { pending: PendingFavorite }) {
  return (
    <>
      {pending.redirectTo ? <input type="hidden" name="redirectTo" value={pending.redirectTo} /> : null}
      {pending.save ? <input type="hidden" name="save" value={pending.save} /> : null}
    </>
  )
}
