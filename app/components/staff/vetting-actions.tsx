import { Form } from '@remix-run/react'
import { useIsSubmitting } from '#app/components/ui/pending.ts'
import { Field, FormErrorBox, SubmitButton, TextareaField } from '#app/components/ui/forms.tsx'
import type { VettingStatusValue } from '#app/utils/vocabulary.ts'

export type StaffIntent = 'schedule' | 'record' | 'approve' | 'request-information' | 'reject' | 'suspend' | 'restore'

/** What the last submission said, so the form it came from shows its error and keeps its text. */
export type StaffActionResult = { intent: StaffIntent; error: string; values: Record<string, string> } | undefined

const OPEN: VettingStatusValue[] = ['requested', 'scheduled', 'held', 'information_requested']

/** The actions that fit where the request stands. */
export function VettingActions({
  status,
  meetingHeld,
  zoneLabel,
  minTime,
  result,
}: {
  status: VettingStatusValue | null
  meetingHeld: boolean
  zoneLabel: string
  minTime: string
  result: StaffActionResult
}) {
  if (!status || !OPEN.includes(status)) {
    return (
      <p className="mt-3 text-sm text-gray-600">
        Nothing to do: {status ? 'the request is decided.' : 'the shelter has not asked for a meeting yet.'}
      </p>
    )
  }
  const valueOf = (intent: StaffIntent, name: string) => (result?.intent === intent ? (result.values[name] ?? '') : '')
  return (
    <div className="mt-3 flex flex-col gap-6">
      {status !== 'held' ? (
        <ActionForm
          intent="schedule"
          title={status === 'scheduled' ? 'Move the meeting' : 'Schedule the meeting'}
          submit="Schedule meeting"
          result={result}
        >
          <Field
            labelProps={{ children: `Meeting time (${zoneLabel}, the shelter's time)` }}
            inputProps={{
              type: 'datetime-local',
              name: 'meetingAt',
              required: true,
              min: minTime,
              defaultValue: valueOf('schedule', 'meetingAt'),
            }}
          />
          <TextareaField
            labelProps={{ children: 'How to join (video link or phone number)' }}
            textareaProps={{
              name: 'meetingDetails',
              required: true,
              rows: 2,
              maxLength: 1000,
              defaultValue: valueOf('schedule', 'meetingDetails'),
            }}
          />
        </ActionForm>
      ) : null}
      {status === 'scheduled' ? (
        <ActionForm intent="record" title="Record the meeting as held" submit="Record meeting" result={result}>
          <TextareaField
            labelProps={{ children: 'Notes (optional)' }}
            textareaProps={{ name: 'notes', rows: 3, maxLength: 2000, defaultValue: valueOf('record', 'notes') }}
          />
        </ActionForm>
      ) : null}
      {meetingHeld ? (
        <ActionForm intent="approve" title="Approve the shelter" submit="Approve shelter" result={result}>
          <TextareaField
            labelProps={{ children: 'Notes (optional)' }}
            textareaProps={{ name: 'notes', rows: 2, maxLength: 2000, defaultValue: valueOf('approve', 'notes') }}
          />
        </ActionForm>
      ) : null}
      <ActionForm intent="request-information" title="Ask for more information" submit="Send question" result={result}>
        <TextareaField
          labelProps={{ children: 'What is missing (the shelter reads this)' }}
          textareaProps={{
            name: 'message',
            required: true,
            rows: 3,
            maxLength: 2000,
            defaultValue: valueOf('request-information', 'message'),
          }}
        />
      </ActionForm>
      <ActionForm intent="reject" title="Reject" submit="Reject shelter" result={result} danger>
        <TextareaField
          labelProps={{ children: 'Reason (the shelter reads this)' }}
          textareaProps={{ name: 'reason', required: true, rows: 3, maxLength: 2000, defaultValue: valueOf('reject', 'reason') }}
        />
      </ActionForm>
    </div>
  )
}

/** An approved shelter: suspend it (its listings leave every public page), or restore it. */
export function ListingActions({ suspended, result }: { suspended: boolean; result: StaffActionResult }) {
  const valueOf = (intent: StaffIntent, name: string) => (result?.intent === intent ? (result.values[name] ?? '') : '')
  return suspended ? (
    <ActionForm intent="restore" title="Restore the shelter" submit="Restore shelter" result={result}>
      <TextareaField
        labelProps={{ children: 'Notes (optional)' }}
        textareaProps={{ name: 'notes', rows: 2, maxLength: 2000, defaultValue: valueOf('restore', 'notes') }}
      />
    </ActionForm>
  ) : (
    <ActionForm intent="suspend" title="Suspend the shelter" submit="Suspend shelter" result={result} danger>
      <p className="text-sm text-gray-700">Its profile and every listing leave the public pages at once; its team keeps the dashboard.</p>
      <TextareaField
        labelProps={{ children: 'Reason (the shelter reads this)' }}
        textareaProps={{ name: 'reason', required: true, rows: 3, maxLength: 2000, defaultValue: valueOf('suspend', 'reason') }}
      />
    </ActionForm>
  )
}

function ActionForm({
  intent,
  title,
  submit,
  result,
  danger = false,
  children,
}: {
  intent: StaffIntent
  title: string
  submit: string
  result: StaffActionResult
  danger?: boolean
  children: React.ReactNode
}) {
  const submitting = useIsSubmitting({ formIntent: intent })
  const headingId = `action-${intent}`
  return (
    <Form method="post" aria-labelledby={headingId} className="flex flex-col gap-3 rounded-md border border-gray-200 p-4">
      <h3 id={headingId} className="font-semibold text-gray-900">
        {title}
      </h3>
      {result?.intent === intent ? <FormErrorBox errors={[result.error]} /> : null}
      <input type="hidden" name="intent" value={intent} />
      {children}
      <div>
        <SubmitButton pending={submitting} pendingText="Saving..." className={danger ? 'bg-red-700 hover:bg-red-800' : undefined}>
          {submit}
        </SubmitButton>
      </div>
    </Form>
  )
}
