// /account/application: the adoption application profile, filled once in short steps and sent
// as a copy with each application. This layout shows which steps are complete beside the step.
import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, NavLink, Outlet, useLoaderData } from '@remix-run/react'
import { APPLICATION_STEPS, REVIEW_PATH, stepPath, stepsComplete } from '#app/models/application-profile.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { getMissing } from '#app/models/application-profile.server.ts'
import { applyingFor } from '#app/utils/applying-for.server.ts'
import { requireUser } from '#app/utils/auth.server.ts'
import { cn } from '#app/utils/misc.ts'

export async function loader({ request }: LoaderFunctionArgs) {
  const { supabase, headers } = await requireUser(request)
  const missing = await getMissing(supabase)
  return json({ complete: stepsComplete(missing), ready: missing.length === 0, applying: await applyingFor(request) }, { headers })
}

export default function ApplicationProfileLayout() {
  const { complete, ready, applying } = useLoaderData<typeof loader>()
  const done = APPLICATION_STEPS.filter((step) => complete[step.slug]).length
  return (
    <div>
      <h2 className="text-xl font-bold text-gray-900">Application profile</h2>
      <p className="mt-1 max-w-2xl text-sm text-gray-600">
        Fill this in once: a copy goes with each application you send, and you can change it any time.
      </p>
      {applying ? (
        <p className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-md border border-brand-200 bg-brand-50 px-4 py-3 text-gray-900">
          {ready
            ? `Your profile is ready: you can send your application for ${applying.name} now.`
            : `You are applying to adopt ${applying.name}.`}
          <Link to={applying.path} className="font-semibold text-brand-800 underline hover:text-brand-900">
            {ready ? `Continue your application for ${applying.name}` : `Back to your application for ${applying.name}`}
          </Link>
        </p>
      ) : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <nav aria-labelledby="steps-heading">
          <h3 id="steps-heading" className="text-sm font-semibold text-gray-900">
            Steps{' '}
            <span className="font-normal text-gray-600">
              ({done} of {APPLICATION_STEPS.length} complete)
            </span>
          </h3>
          <ol className="mt-2 grid grid-cols-2 gap-1 sm:grid-cols-3 lg:flex lg:flex-col">
            {APPLICATION_STEPS.map((step, index) => (
              <li key={step.slug}>
                <StepLink to={stepPath(step.slug)} status={complete[step.slug] ? 'Complete' : 'To do'} done={complete[step.slug]}>
                  {index + 1}. {step.title}
                </StepLink>
              </li>
            ))}
            <li>
              <StepLink to={REVIEW_PATH} status={ready ? 'Ready to send' : 'Not ready yet'} done={ready}>
                Review your answers
              </StepLink>
            </li>
          </ol>
        </nav>
        <div className="min-w-0">
          <Outlet />
        </div>
      </div>
    </div>
  )
}

function StepLink({ to, status, done, children }: { to: string; status: string; done: boolean; children: React.ReactNode }) {
  return (
    <NavLink
      to={to}
      className={({ isActive }) =>
        cn(
          'flex flex-col rounded-md border-l-4 px-3 py-2 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
          isActive ? 'border-brand-700 bg-brand-50 font-semibold text-brand-900' : 'border-transparent text-gray-800 hover:bg-gray-50',
        )
      }
    >
      <span>{children}</span>
      <span className={cn('text-xs font-normal', done ? 'text-green-800' : 'text-gray-600')}>
        <span aria-hidden="true">{done ? '✓ ' : '○ '}</span>
        {status}
      </span>
    </NavLink>
  )
}

export const meta: MetaFunction = () => [{ title: 'Application profile | Your account | Pawhaven' }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
