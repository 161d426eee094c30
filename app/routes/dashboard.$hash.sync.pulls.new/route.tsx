// Add a scheduled pull: a feed URL, a Shelterluv or RescueGroups connector with
// its API key, or a ShelterManager ASM3 account (its number, and a self-hosted
// service's address), and how often to pull it. Four plain forms, so it works without
// JavaScript; a key is encrypted before it is stored and never shown again.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { Card, CardTitle, PageHeader } from '#app/components/dashboard/cards.tsx'
import { ErrorList, Field, SelectField, SubmitButton } from '#app/components/ui/forms.tsx'
import { useIsSubmitting } from '#app/components/ui/pending.ts'
import { addPullSource, canStoreKeys, PullSourceSchema, unreachableAddress } from '#app/models/pull-sources.server.ts'
import {
  ASM3_HOSTED_SERVICE,
  DEFAULT_PULL_INTERVAL,
  intervalLabel,
  KEYED_PULL_KINDS,
  PULL_INTERVALS,
  PULL_KINDS,
  type PullKind,
} from '#app/sync/pull-options.ts'
import { requireShelter } from '#app/utils/dashboard.server.ts'
import { readForm } from '#app/utils/request.server.ts'
import { isOneOf } from '#app/utils/vocabulary.ts'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { headers, basePath } = await requireShelter(request, params, { vetted: true, minRole: 'admin' })
  return json({ basePath, keysAvailable: canStoreKeys() }, { headers })
}

type Values = Record<string, string>

export async function action({ request, params }: ActionFunctionArgs) {
  const { supabase, headers, basePath } = await requireShelter(request, params, { vetted: true, minRole: 'admin' })
  const form = await readForm(request)
  const kind = form.get('kind')
  if (!isOneOf(PULL_KINDS, kind))
    return json({ kind: null, values: {} as Values, errors: { form: ['Choose what to pull'] } }, { status: 400, headers })
  // The key is never sent back to the page, even when the form is refused.
  const values: Values = Object.fromEntries(
    ['name', 'interval', 'url', 'orgId', 'account', 'serviceUrl'].map((field) => [field, String(form.get(field) ?? '')]),
  )
  const parsed = PullSourceSchema.safeParse({ ...Object.fromEntries(form), kind })
  if (!parsed.success)
    return json({ kind, values, errors: parsed.error.flatten().fieldErrors as Record<string, string[]> }, { status: 400, headers })
  if (isOneOf(KEYED_PULL_KINDS, parsed.data.kind) && !canStoreKeys()) {
    return json(
      { kind, values, errors: { form: ['Pawhaven cannot store API keys right now. Please try again later.'] } },
      { status: 503, headers },
    )
  }
  const unreachable = await unreachableAddress(parsed.data)
  if (unreachable) return json({ kind, values, errors: unreachable }, { status: 400, headers })
  const added = await addPullSource(supabase, parsed.data)
  if ('refusal' in added) return json({ kind, values, errors: { form: [added.refusal] } }, { status: 400, headers })
  return redirect(`${basePath}/sync/sources/${added.id}`, { headers })
}

const INTERVAL_OPTIONS = PULL_INTERVALS.map((minutes) => ({ value: String(minutes), label: intervalLabel(minutes) }))

const FORMS: Record<PullKind, { title: string; text: string; namePlaceholder: string }> = {
  feed: {
    title: 'A feed URL',
    text: 'An address that always serves your whole list of adoptable animals: a Petfinder, Adopt-a-Pet or RescueGroups CSV, Pawhaven JSON (your own website’s export…) or ShelterManager ASM3’s JSON list.',
    namePlaceholder: 'e.g. ASM3 feed',
  },
  shelterluv: {
    title: 'Shelterluv',
    text: 'Your Shelterluv API key (Shelterluv: Admin → API Keys). We read your publishable animals; microchips and foster details are never read.',
    namePlaceholder: 'e.g. Shelterluv',
  },
  rescuegroups: {
    title: 'RescueGroups.org',
    text: 'Your RescueGroups API key and organization id. We read your available animals and their pictures.',
    namePlaceholder: 'e.g. RescueGroups',
  },
  asm3: {
    title: 'ShelterManager ASM3',
    text: 'Your ASM3 account number, the one you sign in with. We read the adoptable animals ASM3 publishes, their photos and who is bonded with whom; no key is needed, and no owner or medical details are read.',
    namePlaceholder: 'e.g. ASM3',
  },
}

export default function AddPullSource() {
  const { basePath, keysAvailable } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const submitting = useIsSubmitting()
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div>
        <p className="mb-2 text-sm">
          <Link to={`${basePath}/sync`} className="font-medium text-brand-700 underline hover:text-brand-800">
            Back to Sync
          </Link>
        </p>
        <PageHeader
          title="Add a scheduled pull"
          description="Pawhaven fetches your whole list on a schedule and adds, updates and removes animals to match. Animals missing from the list leave your listings (kept, archived); a list that would remove more than half waits for you to confirm."
        />
      </div>
      {PULL_KINDS.map((kind) => {
        const copy = FORMS[kind]
        const mine = actionData?.kind === kind ? actionData : null
        const values = mine?.values ?? {}
        const errors = (mine?.errors ?? {}) as Record<string, string[] | undefined>
        const headingId = `add-${kind}-heading`
        const needsKey = isOneOf(KEYED_PULL_KINDS, kind)
        return (
          <Card key={kind}>
            <CardTitle id={headingId}>{copy.title}</CardTitle>
            <p className="mt-2 text-sm text-gray-700">{copy.text}</p>
            {needsKey && !keysAvailable ? (
              <p className="mt-3 text-sm font-medium text-gray-800">Pawhaven cannot store API keys right now. Please try again later.</p>
            ) : (
              <Form method="post" aria-labelledby={headingId} className="mt-4 grid gap-4 md:grid-cols-2">
                <input type="hidden" name="kind" value={kind} />
                <ErrorList id={`${kind}-form-error`} errors={errors.form} className="md:col-span-2" />
                <Field
                  labelProps={{ children: 'Name' }}
                  inputProps={{
                    id: `${kind}-name`,
                    name: 'name',
                    required: true,
                    maxLength: 100,
                    defaultValue: values.name ?? '',
                    placeholder: copy.namePlaceholder,
                    disabled: submitting,
                  }}
                  errors={errors.name}
                />
                <SelectField
                  labelProps={{ children: 'How often' }}
                  selectProps={{
                    id: `${kind}-interval`,
                    name: 'interval',
                    defaultValue: values.interval || String(DEFAULT_PULL_INTERVAL),
                    disabled: submitting,
                  }}
                  options={INTERVAL_OPTIONS}
                  errors={errors.interval}
                />
                {kind === 'feed' ? (
                  <Field
                    className="md:col-span-2"
                    labelProps={{ children: 'Feed address' }}
                    inputProps={{
                      id: 'feed-url',
                      name: 'url',
                      type: 'url',
                      required: true,
                      maxLength: 2000,
                      defaultValue: values.url ?? '',
                      placeholder: 'https://',
                      disabled: submitting,
                    }}
                    errors={errors.url}
                  />
                ) : kind === 'asm3' ? (
                  <>
                    <Field
                      labelProps={{ children: 'Account number' }}
                      inputProps={{
                        id: 'asm3-account',
                        name: 'account',
                        required: true,
                        maxLength: 50,
                        autoComplete: 'off',
                        spellCheck: false,
                        defaultValue: values.account ?? '',
                        placeholder: 'e.g. ab1234',
                        disabled: submitting,
                      }}
                      errors={errors.account}
                    />
                    <Field
                      className="md:col-span-2"
                      labelProps={{ children: 'Service address (self-hosted ASM3 only)' }}
                      inputProps={{
                        id: 'asm3-service-url',
                        name: 'serviceUrl',
                        type: 'url',
                        maxLength: 2000,
                        defaultValue: values.serviceUrl ?? '',
                        placeholder: ASM3_HOSTED_SERVICE,
                        disabled: submitting,
                      }}
                      errors={errors.serviceUrl}
                      hint="Leave blank if you use sheltermanager.com."
                    />
                  </>
                ) : (
                  <Field
                    labelProps={{ children: 'API key' }}
                    inputProps={{
                      id: `${kind}-key`,
                      name: 'key',
                      type: 'password',
                      required: true,
                      autoComplete: 'off',
                      maxLength: 500,
                      disabled: submitting,
                    }}
                    errors={errors.key}
                    hint="Stored encrypted; never shown again."
                  />
                )}
                {kind === 'rescuegroups' ? (
                  <Field
                    labelProps={{ children: 'Organization id' }}
                    inputProps={{
                      id: 'rescuegroups-org',
                      name: 'orgId',
                      required: true,
                      inputMode: 'numeric',
                      pattern: '[0-9]{1,12}',
                      defaultValue: values.orgId ?? '',
                      disabled: submitting,
                    }}
                    errors={errors.orgId}
                  />
                ) : null}
                <div className="md:col-span-2">
                  <SubmitButton pending={submitting} pendingText="Adding…">
                    Add {kind === 'feed' ? 'feed' : copy.title}
                  </SubmitButton>
                </div>
              </Form>
            )}
          </Card>
        )
      })}
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Add a scheduled pull | Sync | Shelter Dashboard | Pawhaven' }]

export { DashboardTabErrorBoundary as ErrorBoundary } from '#app/components/dashboard/tab-error-boundary.tsx'
