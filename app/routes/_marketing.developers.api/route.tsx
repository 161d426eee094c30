// The push API's documentation for shelters' developers, generated from the OpenAPI document
// (so it says what the routes do); the problem types the API answers with link to its anchors.
import { json, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { REQUESTS_PER_MINUTE } from '#app/api/limits.ts'
import { openApiDocument } from '#app/api/openapi.ts'
import { apiReference, type SchemaField } from '#app/api/reference.ts'
import { Container, PageHero } from '#app/components/marketing/ui.tsx'
import { seoMeta, siteUrlOf } from '#app/utils/seo.ts'

export function loader() {
  return json(apiReference(openApiDocument()), { headers: { 'Cache-Control': 'public, max-age=300' } })
}

const PROBLEMS: ReadonlyArray<{ type: string; status: number; meaning: string }> = [
  { type: 'unauthorized', status: 401, meaning: 'No key, or a wrong or revoked one. The answer carries WWW-Authenticate.' },
  { type: 'read-only-key', status: 403, meaning: 'A read key tried to change something.' },
  {
    type: 'cross-site',
    status: 403,
    meaning:
      'A write sent by a web page on another site (the browser said so). The API is for your own servers and scripts, which send no such header.',
  },
  { type: 'not-found', status: 404, meaning: 'Your API source has no animal (or run) by that id.' },
  { type: 'idempotency-key-in-progress', status: 409, meaning: 'The first request with this Idempotency-Key is still being answered.' },
  { type: 'too-large', status: 413, meaning: 'The body is over the limit: 1 MB for an animal, 50 MB for a snapshot.' },
  { type: 'validation', status: 422, meaning: 'The body failed validation; errors names each field and what is wrong with it.' },
  { type: 'idempotency-key-reused', status: 422, meaning: 'The Idempotency-Key was used before for a different request.' },
  { type: 'empty-body', status: 422, meaning: 'A snapshot with no body at all. To take every animal down, send {"animals": []}.' },
  {
    type: 'rate-limited',
    status: 429,
    meaning: `More than ${REQUESTS_PER_MINUTE} requests in a minute with one key. Retry-After says when to try again.`,
  },
]

export default function ApiDocs() {
  const { operations, schemas } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHero
        eyebrow="For developers"
        title="The Pawhaven API"
        lead="Keep a shelter's listings on Pawhaven current from its own software: add, change and take down animals one at a time, or send the whole list at once."
      />
      <Container className="prose-sm flex max-w-4xl flex-col gap-10 pb-16 text-gray-800">
        <section aria-labelledby="start">
          <h2 id="start" className="text-2xl font-bold text-gray-900">
            Getting started
          </h2>
          <ol className="mt-3 list-decimal space-y-2 pl-6">
            <li>
              In your shelter dashboard, open Sync → API keys and create a key (read, or read and write). It is shown once: keep it safe.
            </li>
            <li>
              Send it with every request as <code>Authorization: Bearer &lt;key&gt;</code>.
            </li>
            <li>
              <code>PUT /api/v1/animals/&#123;externalId&#125;</code> with an animal adds or replaces it; the change shows on its public
              page and in search within a minute, caches included. Or <code>POST /api/v1/imports</code> your whole list: animals left out
              are taken down. A snapshot is answered at once with its run; read the run&apos;s URL until its status is no longer queued,
              receiving or running.
            </li>
          </ol>
          <p className="mt-3">
            Writes accept an <code>Idempotency-Key</code> header: a write sent again with the same key within 24 hours is answered as the
            first time and not done twice. Each key may send {REQUESTS_PER_MINUTE} requests a minute. Answers are never cached and set no
            cookies. The machine-readable description is the{' '}
            <a href="/api/v1/openapi.json" className="font-medium text-brand-700 underline">
              OpenAPI 3.1 document
            </a>
            .
          </p>
          <p className="mt-3">
            To call it from TypeScript with types, generate them from that document, for example with{' '}
            <code>npx openapi-typescript https://&lt;this site&gt;/api/v1/openapi.json --default-non-nullable=false</code> (fields with a
            default stay optional in what you send) and use them with a client such as openapi-fetch.
          </p>
        </section>

        <section aria-labelledby="operations">
          <h2 id="operations" className="text-2xl font-bold text-gray-900">
            Operations
          </h2>
          {operations.map((operation) => (
            <article key={operation.id} aria-labelledby={operation.id} className="mt-6 rounded-lg border border-gray-200 p-4">
              <h3 id={operation.id} className="font-mono text-lg font-semibold text-gray-900">
                {operation.method} {operation.path}
              </h3>
              <p className="mt-1 font-medium">{operation.summary}</p>
              {operation.description ? <p className="mt-1">{operation.description}</p> : null}
              {operation.parameters.length ? <FieldTable caption="Parameters" fields={operation.parameters} /> : null}
              {operation.body ? (
                <p className="mt-3">
                  <strong>Body:</strong> {operation.body}
                </p>
              ) : null}
              <h4 className="mt-3 font-semibold">Answers</h4>
              <ul className="mt-1 list-disc pl-6">
                {operation.responses.map((response) => (
                  <li key={response.status}>
                    <strong>{response.status}</strong> {response.description}
                    {response.schema ? <> — {response.schema}</> : null}
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </section>

        <section aria-labelledby="schemas">
          <h2 id="schemas" className="text-2xl font-bold text-gray-900">
            Schemas
          </h2>
          {schemas.map((schema) => (
            <article key={schema.name} aria-labelledby={`schema-${schema.name}`} className="mt-6">
              <h3 id={`schema-${schema.name}`} className="font-mono text-lg font-semibold text-gray-900">
                {schema.name}
              </h3>
              <p className="mt-1">{schema.description}</p>
              <FieldTable caption={`Fields of ${schema.name}`} fields={schema.fields} />
            </article>
          ))}
        </section>

        <section aria-labelledby="errors">
          <h2 id="errors" className="text-2xl font-bold text-gray-900">
            Errors
          </h2>
          <p className="mt-2">
            Errors are <code>application/problem+json</code> (RFC 9457): <code>type</code>, <code>title</code>, <code>status</code> and{' '}
            <code>detail</code>. The types:
          </p>
          <dl className="mt-3 space-y-2">
            {PROBLEMS.map((problem) => (
              <div key={problem.type} id={problem.type}>
                <dt className="font-mono font-semibold">
                  {problem.status} {problem.type}
                </dt>
                <dd>{problem.meaning}</dd>
              </div>
            ))}
          </dl>
        </section>
      </Container>
    </>
  )
}

function FieldTable({ caption, fields }: { caption: string; fields: SchemaField[] }) {
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="min-w-full divide-y divide-gray-200 text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="py-1 pr-4 font-semibold">
              Field
            </th>
            <th scope="col" className="py-1 pr-4 font-semibold">
              Type
            </th>
            <th scope="col" className="py-1 font-semibold">
              Meaning
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {fields.map((field) => (
            <tr key={field.name}>
              <th scope="row" className="py-1 pr-4 align-top font-mono font-normal">
                {field.name}
                {field.required ? <span className="text-red-700"> (required)</span> : null}
              </th>
              <td className="py-1 pr-4 align-top">{field.type}</td>
              <td className="py-1 align-top">{field.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  seoMeta({
    title: 'API documentation | Pawhaven',
    description: 'The Pawhaven push API: keep a shelter’s listings current from its own software.',
    path: '/developers/api',
    siteUrl: siteUrlOf(matches),
  })
