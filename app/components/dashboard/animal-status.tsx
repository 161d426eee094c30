import * as Dialog from '@radix-ui/react-dialog'
import { Form, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { STATUS_LABELS, type AnimalStatus } from '#app/utils/vocabulary.ts'
import { cn } from '#app/utils/misc.ts'
import { buttonClass } from '#app/components/dashboard/cards.tsx'

const BADGE_CLASS: Record<AnimalStatus, string> = {
  available: 'bg-green-100 text-green-800',
  pending: 'bg-amber-100 text-amber-900',
  adopted: 'bg-brand-100 text-brand-800',
  archived: 'bg-gray-200 text-gray-800',
}

export function AnimalStatusBadge({ status }: { status: AnimalStatus }) {
  return <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', BADGE_CLASS[status])}>{STATUS_LABELS[status]}</span>
}

/** What marking an animal adopted does, said where the shelter confirms it. */
export function MarkAdoptedExplanation({ name }: { name: string }) {
  return (
    <>
      {name} leaves search and counts as a successful adoption. Links already shared keep working and say that {name} found a home. You can
      change the status again from the edit form.
    </>
  )
}

/**
 * The confirmation's form: a POST of the status change to the animal's route, which redirects
 * to `redirectTo` (the list or the edit page the shelter came from) with a toast.
 */
export function ConfirmAdoptedForm({
  animalPath,
  redirectTo,
  cancel,
}: {
  animalPath: string
  redirectTo: string
  cancel: React.ReactNode
}) {
  const navigation = useNavigation()
  const saving = navigation.state !== 'idle' && navigation.formAction === animalPath && navigation.formData?.get('status') === 'adopted'
  return (
    <Form method="post" action={animalPath} className="mt-6 flex flex-wrap justify-end gap-3">
      <input type="hidden" name="intent" value="set-status" />
      <input type="hidden" name="status" value="adopted" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {cancel}
      <button type="submit" className={buttonClass.primary} disabled={saving}>
        {saving ? 'Saving...' : 'Mark as adopted'}
      </button>
    </Form>
  )
}

/**
 * 'Mark as adopted', asked before it is done: the listing leaves search (the FAQ's "archived")
 * and counts as a successful adoption. Without JavaScript the button opens the confirmation
 * page (a GET form, so it stays a button); once the page is hydrated it opens this dialog
 * instead, and confirming posts to the animal's route either way.
 */
export function MarkAdoptedButton({ name, animalPath, redirectTo }: { name: string; animalPath: string; redirectTo: string }) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <form
        method="get"
        action={`${animalPath}/mark-adopted`}
        onSubmit={(event) => {
          event.preventDefault()
          setOpen(true)
        }}
      >
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <button type="submit" className={cn(buttonClass.secondary, 'px-3 py-1.5')} aria-label={`Mark ${name} as adopted`}>
          Mark as adopted
        </button>
      </form>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="text-lg font-semibold text-gray-900">Mark {name} as adopted?</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-gray-700">
            <MarkAdoptedExplanation name={name} />
          </Dialog.Description>
          <ConfirmAdoptedForm
            animalPath={animalPath}
            redirectTo={redirectTo}
            cancel={
              <Dialog.Close asChild>
                <button type="button" className={buttonClass.secondary}>
                  Cancel
                </button>
              </Dialog.Close>
            }
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
