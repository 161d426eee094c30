// GET /api/v1/openapi.json: the push API's OpenAPI 3.1 document, public (it holds no data).
import { openApiDocument } from '#app/api/openapi.ts'

export function loader() {
  return new Response(JSON.stringify(openApiDocument()), {
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
  })
}
