// A pulled source's state and controls on its page: when it runs next, what went wrong last,
// pause or resume, 'Run now', and its settings: name, how often, the feed's address, the
// connector's key (write-only: shown only as set; blank keeps it) and organization id, an ASM3
// account's number and service address.
import { Form } from '@remix-run/react'
import { Card, CardTitle, buttonClass } from '#app/components/dashboard/cards.tsx'
import { ErrorList, Field, SelectField, SubmitButton } from '#app/components/ui/forms.tsx'
import { useIsSubmitting } from '#app/components/ui/pending.ts'
import type { PullState } from '#app/models/pull-sources.server.ts'
import { ASM3_HOSTED_SERVICE } from '#app/sync/pull-options.ts'
import { useDateTimeFormat } from '#app/utils/client-hints.tsx'

export type PullControlsProps = {
  pull: PullState
  intervalOptions: Array<{ value: string; label: string }>
  kindLabel: string
  /** Whether a new key can be stored (the app has SYNC_SECRET_KEY). */
  keysAvailable: boolean
  /** The settings form refused: what was typed (never the key) and why. */
  reply?: { values: Record<string, string>; errors: Record<string, string[] | undefined> } | null
}

export function PullControls({ pull, intervalOptions, kindLabel, keysAvailable, reply }: PullControlsProps) {
  const submitting = useIsSubmitting()
  const format = useDateTimeFormat()
  const values = reply?.values
  const errors = reply?.errors ?? {}
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
          {pull.account ? `, account ${pull.account}` : ''}
          {pull.serviceUrl ? ` at ${pull.serviceUrl}` : ''}
        </dd>
        <dt className="font-medium text-gray-700">State</dt>
        <dd className="text-gray-900" data-testid="pull-state">
          {pull.paused
            ? 'Paused'
            : pull.consecutive_failures
              ? `Failing (${pull.consecutive_failures} in a row): trying less often`
              : 'Active'}
        </dd>
        <dt className="font-medium text-gray-700">Next pull</dt>
        <dd className="text-gray-900">
          {pull.paused ? 'None while paused' : pull.next_run_at ? format.dateTime(pull.next_run_at) : 'Soon'}
        </dd>
        <dt className="font-medium text-gray-700">Last pull</dt>
        <dd className="text-gray-900">{pull.last_pulled_at ? format.dateTime(pull.last_pulled_at) : 'Not yet'}</dd>
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

      <Form
        key={`${pull.name} ${pull.pull_interval_minutes} ${pull.url} ${pull.orgId} ${pull.account} ${pull.serviceUrl} ${pull.next_run_at}`}
        method="post"
        aria-labelledby="pull-settings-heading"
        className="mt-6 grid gap-4 border-t border-gray-200 pt-4 md:grid-cols-2"
      >
        <h3 id="pull-settings-heading" className="text-base font-semibold text-gray-900 md:col-span-2">
          Settings
        </h3>
        <input type="hidden" name="intent" value="settings" />
        <ErrorList id="pull-settings-error" errors={errors.form} className="md:col-span-2" />
        <Field
          labelProps={{ children: 'Name' }}
          inputProps={{
            id: 'pull-name',
            name: 'name',
            required: true,
            maxLength: 100,
            defaultValue: values?.name ?? pull.name,
            disabled: submitting,
          }}
          errors={errors.name}
        />
        <SelectField
          labelProps={{ children: 'How often' }}
          selectProps={{
            id: 'pull-interval',
            name: 'interval',
            defaultValue: values?.interval ?? String(pull.pull_interval_minutes),
            disabled: submitting,
          }}
          options={options}
          errors={errors.interval}
        />
        {pull.kind === 'feed' ? (
          <Field
            className="md:col-span-2"
            labelProps={{ children: 'Feed address' }}
            inputProps={{
              id: 'pull-url',
              name: 'url',
              type: 'url',
              required: true,
              maxLength: 2000,
              defaultValue: values?.url ?? pull.url ?? '',
              placeholder: 'https://',
              disabled: submitting,
            }}
            errors={errors.url}
          />
        ) : pull.kind === 'asm3' ? (
          <>
            <Field
              labelProps={{ children: 'Account number' }}
              inputProps={{
                id: 'pull-account',
                name: 'account',
                required: true,
                maxLength: 50,
                autoComplete: 'off',
                spellCheck: false,
                defaultValue: values?.account ?? pull.account ?? '',
                disabled: submitting,
              }}
              errors={errors.account}
            />
            <Field
              className="md:col-span-2"
              labelProps={{ children: 'Service address (self-hosted ASM3 only)' }}
              inputProps={{
                id: 'pull-service-url',
                name: 'serviceUrl',
                type: 'url',
                maxLength: 2000,
                defaultValue: values?.serviceUrl ?? pull.serviceUrl ?? '',
                placeholder: ASM3_HOSTED_SERVICE,
                disabled: submitting,
              }}
              errors={errors.serviceUrl}
              hint="Leave blank if you use sheltermanager.com."
            />
          </>
        ) : keysAvailable ? (
          <Field
            labelProps={{ children: 'API key' }}
            inputProps={{
              id: 'pull-key',
              name: 'key',
              type: 'password',
              required: !pull.has_key,
              autoComplete: 'off',
              maxLength: 500,
              disabled: submitting,
            }}
            errors={errors.key}
            hint={
              pull.has_key ? 'Set, and never shown. Leave blank to keep it, or enter a new one.' : 'Stored encrypted; never shown again.'
            }
          />
        ) : (
          <p className="self-end text-sm text-gray-700">Pawhaven cannot store API keys right now: the key stays as it is.</p>
        )}
        {pull.kind === 'rescuegroups' ? (
          <Field
            labelProps={{ children: 'Organization id' }}
            inputProps={{
              id: 'pull-org',
              name: 'orgId',
              required: true,
              inputMode: 'numeric',
              pattern: '[0-9]{1,12}',
              defaultValue: values?.orgId ?? pull.orgId ?? '',
              disabled: submitting,
            }}
            errors={errors.orgId}
          />
        ) : null}
        <div className="md:col-span-2">
          <button type="submit" className={buttonClass.secondary} disabled={submitting}>
            Save settings
          </button>
        </div>
      </Form>
    </Card>
  )
}
