import * as Dialog from '@radix-ui/react-dialog'
import { Form, Link, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { cn } from '#app/utils/misc.ts'
import { buttonClass } from '#app/components/dashboard/cards.tsx'

export const dangerButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-70'

/**
 * Delete with confirmation. The trigger is a link to the animal's confirmation page, which is
 * the whole flow without JavaScript; once the page is hydrated, the click opens this dialog
 * instead and confirming posts to the same page's action.
 */
export function AnimalDeleteButton({ name, deletePath, className }: { name: string; deletePath: string; className?: string }) {
  const [open, setOpen] = useState(false)
  const navigation = useNavigation()
  const deleting = navigation.state !== 'idle' && navigation.formAction === deletePath
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- <Link to> renders <a href>, which the keyboard activates natively; the plugin sees no href on the component */}
      <Link
        to={deletePath}
        className={cn(buttonClass.secondary, 'px-3 py-1.5 text-red-700 hover:bg-red-50', className)}
        aria-label={`Delete ${name}`}
        onClick={(event) => {
          event.preventDefault()
          setOpen(true)
        }}
      >
        Delete
      </Link>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="text-lg font-semibold text-gray-900">Delete {name}?</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-gray-700">
            The listing and its photos are removed for good. To keep the record, mark the animal as adopted or archive it instead.
          </Dialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <Dialog.Close asChild>
              <button type="button" className={buttonClass.secondary}>
                Cancel
              </button>
            </Dialog.Close>
            <Form method="post" action={deletePath}>
              <button type="submit" className={dangerButtonClass} disabled={deleting}>
                {deleting ? 'Deleting...' : 'Delete Animal'}
              </button>
            </Form>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
