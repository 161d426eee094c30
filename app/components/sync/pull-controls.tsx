// A pulled source's state and controls on its page: when it runs next, what went wrong last,
// pause or resume, 'Run now', how often, and its key (shown only as set, with a way to replace it).
import { Form } from '@remix-run/react'
import { Card, CardTitle, buttonClass } from '~/components/dashboard/cards'
import { Field, SelectField, SubmitButton } from '~/components/ui/forms'
import { useIsSubmitting } from '~/components/ui/pending'
import type { PullState } from '~/models/pull-sources.server'
import { runTime } from './runs'

export type PullControlsProps = {
  pull: PullState
  intervalOptions: Array<{ value: string; label: string }>
  kindLabel: string
}

export function PullControls({ pull, intervalOptions, kindLabel }: PullControlsProps) {
  const submitting = useIsSubmitting()
  const options = intervalOptions.some((option) => option.value === String(pull.pull_interval_minutes))
    ? intervalOptions
    : [...intervalOptions, { value: String(pull.pull_interval_minutes), label: `Every ${pull.pull_interval_minutes} minutes` }]
  return (
    <Card>
      <CardTitle id="pull-heading">Scheduled pull</CardTitle>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-gray-700">From</dt>
        <dd className="break-all text-gray-900">
          {kindLabel}
          {pull.url ? `: ${pull.url}` : ''}
          {pull.orgId ? `, organization ${pull.orgId}` : ''}
        </dd>
        <dt className="font-medium text-gray-700">State</dt>
        <dd className="text-gray-900" data-testid="pull-state">
          {pull.paused ? 'Paused' : pull.consecutive_failures ? `Failing (${pull.consecutive_failures} in a row): trying less often` : 'Active'}
        </dd>
        <dt className="font-medium text-gray-700">Next pull</dt>
        <dd className="text-gray-900">{pull.paused ? 'None while paused' : pull.next_run_at ? runTime(pull.next_run_at) : 'Soon'}</dd>
        <dt className="font-medium text-gray-700">Last pull</dt>
        <dd className="text-gray-900">{pull.last_pulled_at ? runTime(pull.last_pulled_at) : 'Not yet'}</dd>
        {pull.last_error ? (
          <>
            <dt className="font-medium text-gray-700">Last error</dt>
            <dd className="text-red-800">{pull.last_error}</dd>
          </>
        ) : null}
      </dl>

      <div className="mt-4 flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value="run-now" />
          <SubmitButton pending={submitting} disabled={submitting}>
            Run now
          </SubmitButton>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value={pull.paused ? 'resume' : 'pause'} />
          <button type="submit" className={buttonClass.secondary} disabled={submitting}>
            {pull.paused ? 'Resume' : 'Pause'}
          </button>
        </Form>
      </div>

      <Form method="post" aria-label="Pull interval" className="mt-4 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="interval" />
        <SelectField
          labelProps={{ children: 'How often' }}
          selectProps={{ id: 'pull-interval', name: 'interval', defaultValue: String(pull.pull_interval_minutes), disabled: submitting }}
          options={options}
        />
        <button type="submit" className={buttonClass.secondary} disabled={submitting}>
          Save
        </button>
      </Form>

      {pull.kind !== 'feed' ? (
        <Form method="post" aria-label="Connector key" className="mt-4 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="key" />
          <Field
            labelProps={{ children: pull.has_key ? 'API key: set. Replace it with' : 'API key' }}
            inputProps={{ id: 'pull-key', name: 'key', type: 'password', required: true, autoComplete: 'off', maxLength: 500, disabled: submitting }}
          />
          <button type="submit" className={buttonClass.secondary} disabled={submitting}>
            Save key
          </button>
        </Form>
      ) : null}
    </Card>
  )
}
