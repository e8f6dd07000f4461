import type { FastifyInstance, FastifySchema } from 'fastify'
import type { z } from 'zod'

/**
 * Routes declare their query, params, body and answers with zod schemas from packages/shared
 * (`schema: {querystring, params, body, response}`); this is what Fastify does with them
 * (decision 024):
 * - Validation stays in the handlers (`parseBody`, `parseIdParam`, `parseListQuery`), which answer
 *   400 `{status, message, errors}` with the spec's messages; the validator compiler here accepts
 *   every request unchanged, so a declared schema never answers in another shape.
 * - Answers are serialized by plain JSON.stringify and never checked against their schema, so a
 *   valid answer cannot become a 500 (the zod serializer cost +32 % on a 50-row list page).
 * - The declared schemas are kept here for the OpenAPI document at /api/docs.
 */
export interface DeclaredRoute {
  method: string
  /** The full path, e.g. /api/ticket/:id */
  url: string
  schema: FastifySchema
}

const declared: DeclaredRoute[] = []

/** The routes registered so far with a declared schema (HEAD copies of GETs left out). */
export const declaredRoutes = (): readonly DeclaredRoute[] => declared

export const registerRouteSchemas = (app: FastifyInstance) => {
  app.setValidatorCompiler(() => (data) => ({ value: data }))
  app.setSerializerCompiler(() => (data) => JSON.stringify(data))
  app.addHook('onRoute', (route) => {
    if (!route.schema || !route.url.startsWith('/api/')) return
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue
      const at = declared.findIndex((d) => d.method === method && d.url === route.url)
      const entry = { method, url: route.url, schema: route.schema }
      // Every app built in a process (tests build many) registers the same routes again.
      if (at >= 0) declared[at] = entry
      else declared.push(entry)
    }
  })
}

/** The 200 or 201 answer schema a route declared, if any. */
export const answerSchemaOf = (schema: FastifySchema | undefined): z.ZodType | undefined => {
  const response = schema?.response as Record<string, z.ZodType> | undefined
  return response?.['200'] ?? response?.['201'] ?? response?.[200] ?? response?.[201]
}
