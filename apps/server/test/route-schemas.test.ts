import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { answerSchemaOf, declaredRoutes, registerRouteSchemas } from '../src/lib/route-schemas.ts'
import { setupTestApp } from './helpers.ts'
import { registeredApiRoutes } from './route-table.ts'

/** The parts of the OpenAPI document read here. */
type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }

const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}')
/** The route table names a shared tree node by its first parameter (`/accounts/:id|:bankName`). */
const shape = (path: string) => path.replace(/:[A-Za-z]+/g, ':')

describe('every /api route declares its answer', () => {
  const t = setupTestApp()

  it("each route in Fastify's route table declares a 200 or 201 answer schema", () => {
    const routes = registeredApiRoutes(t.app)
    expect(routes.length).toBeGreaterThan(100)
    const declared = declaredRoutes()
    const missing = routes
      .filter(({ method, path }) => {
        const d = declared.find((r) => r.method === method && shape(r.url) === shape(path))
        return !answerSchemaOf(d?.schema)
      })
      .map(({ method, path }) => `${method} ${path}`)
    expect(missing).toEqual([])
  })

  it('/api/docs has an answer schema for each route in the route table', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    const paths = res.json().paths as Record<string, Record<string, Operation>>
    const missing = registeredApiRoutes(t.app)
      .filter(({ method, path }) => {
        const responses = paths[openApiPath(path)]?.[method.toLowerCase()]?.responses ?? {}
        const answer = responses['200'] ?? responses['201']
        return !Object.values(answer?.content ?? {}).some((c) => c.schema)
      })
      .map(({ method, path }) => `${method} ${path}`)
    expect(missing).toEqual([])
    // A receipt is documented as the PDF it is.
    const receipt = paths['/api/ticket/{id}/receipt.pdf']?.get?.responses?.['200']?.content ?? {}
    expect(Object.keys(receipt)).toEqual(['application/pdf'])
  })
})

describe('declared schemas neither validate nor reshape', () => {
  it('a body the schema refuses reaches the handler as sent, and an answer the schema refuses is sent as JSON.stringify writes it', async () => {
    const app = Fastify()
    registerRouteSchemas(app)
    const answer = { n: 'not a number', extra: [1, 'two'], nested: { a: null } }
    app.post(
      '/api/probe',
      { schema: { body: z.object({ a: z.string() }), response: { 200: z.object({ n: z.number() }) } } },
      async (req) => ({ ...answer, got: req.body }),
    )
    const res = await app.inject({ method: 'POST', url: '/api/probe', payload: { a: 1 } })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe(JSON.stringify({ ...answer, got: { a: 1 } }))
    await app.close()
  })
})
