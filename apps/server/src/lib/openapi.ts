import { z } from 'zod'
import { answerSchemaOf, declaredRoutes } from './route-schemas.ts'

/** What crudRoutes registered, so the OpenAPI document is built from the same zod schemas. */
interface DocumentedArea {
  path: string
  label: string
  listKey: string
  itemKey: string
  input: z.ZodType
  sortable: readonly string[]
  columnOf?: Readonly<Partial<Record<string, string>>>
  /** Answer keys computed when read (ledger balances) or by the server (profit, remaining). */
  money: readonly string[]
  /** False when the area has no GET {path}/{id} (accounts: GET /accounts/{bankName}). */
  getOne?: boolean
}

const areas = new Map<string, DocumentedArea>()
/** Paths beside the record areas (history, corrections, accounts, backups), documented by their module. */
const otherPaths: Record<string, unknown> = {}

export const documentPaths = (paths: Record<string, unknown>) => Object.assign(otherPaths, paths)

export const documentArea = (area: DocumentedArea) => {
  areas.set(area.path, area)
}

export const schemaOf = (schema: z.ZodType, io: 'input' | 'output' = 'input') => {
  try {
    return z.toJSONSchema(schema, { io, unrepresentable: 'any' })
  } catch {
    return { type: 'object' }
  }
}

const errorBody = {
  type: 'object',
  properties: {
    status: { const: 'error' },
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'string' } },
  },
}

/** One operation of a route outside crudRoutes; its body is documented from the schema that parses it. */
interface DocumentedOperation {
  tags: string[]
  summary: string
  input?: z.ZodType
  responses: Record<string, { description: string }>
}

const routes = new Map<string, Record<string, DocumentedOperation>>()

/** Documents a route that is not a crud area (e.g. POST /mrz), by path under /api and method. */
export const documentRoute = (path: string, operations: Record<string, DocumentedOperation>) => {
  routes.set(path, operations)
}

const routePaths = () =>
  Object.fromEntries(
    [...routes].map(([path, operations]) => [
      `/api${path}`,
      Object.fromEntries(
        Object.entries(operations).map(([method, { input, responses, ...op }]) => [
          method,
          {
            ...op,
            ...(input && {
              requestBody: { required: true, content: { 'application/json': { schema: schemaOf(input) } } },
            }),
            responses: { ...errors, ...responses },
          },
        ]),
      ),
    ]),
  )

const errors = {
  '400': {
    description: 'Invalid input; `errors` maps fields to the spec messages',
    content: { 'application/json': { schema: errorBody } },
  },
  '401': { description: 'You are not authenticated', content: { 'application/json': { schema: errorBody } } },
}

/**
 * A record as the API answers it: its body's fields (as parsed), the server's (id, entry, creation
 * time, recomputed money) and, for Umrah, the camelCase names its answer uses.
 */
const rowSchema = (a: DocumentedArea) => {
  const parsed = schemaOf(a.input, 'output') as { properties?: Record<string, unknown> }
  const key = (column: string) =>
    Object.entries(a.columnOf ?? {}).find(([, c]) => c === column)?.[0] ?? column
  const money = Object.fromEntries(a.money.map((c) => [key(c), { type: ['number', 'null'] }]))
  return {
    type: 'object',
    properties: {
      id: { type: 'integer' },
      entry: { type: 'string' },
      [key('created_at')]: { type: 'string', format: 'date-time' },
      ...money,
      ...parsed.properties,
    },
  }
}

const json = (schema: unknown) => ({ 'application/json': { schema } })
const saved = (a: DocumentedArea) =>
  json({
    type: 'object',
    properties: { status: { const: 'success' }, message: { type: 'string' }, [a.itemKey]: rowSchema(a) },
  })

/** OpenAPI 3.1 document of the record areas (money in rupees, dates yyyy-mm-dd). */
export const openApiDocument = () => {
  const paths: Record<string, unknown> = {}
  for (const a of areas.values()) {
    const body = { required: true, content: { 'application/json': { schema: schemaOf(a.input) } } }
    const listQuery = ['q', 'from', 'to', 'limit', 'offset', 'sort'].map((name) => ({
      name,
      in: 'query',
      required: false,
      schema:
        name === 'sort'
          ? { enum: ['id', '-id', ...a.sortable.flatMap((k) => [k, `-${k}`])] }
          : { type: name === 'limit' || name === 'offset' ? 'integer' : 'string' },
    }))
    const list = json({
      type: 'object',
      properties: {
        [a.listKey]: { type: 'array', items: rowSchema(a) },
        total: { type: 'integer', description: 'With limit: the matching rows (at least, with totalCapped)' },
        totalCapped: { const: true },
      },
      required: [a.listKey],
    })
    paths[`/api${a.path}`] = {
      get: {
        tags: [a.label],
        summary: `List ${a.label} records (all rows, or a page with limit/offset)`,
        parameters: listQuery,
        responses: { '200': { description: `{ ${a.listKey}: [...], total? }`, content: list }, ...errors },
      },
      post: {
        tags: [a.label],
        summary: `Create a ${a.label} record; the server assigns the entry number`,
        requestBody: body,
        responses: {
          '201': { description: `{ status, message, ${a.itemKey} }`, content: saved(a) },
          ...errors,
        },
      },
    }
    const idParam = [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }]
    paths[`/api${a.path}/{id}`] = {
      get: {
        tags: [a.label],
        parameters: idParam,
        responses: {
          '200': {
            description: 'One record',
            content: json({
              type: 'object',
              properties: { status: { const: 'success' }, [a.itemKey]: rowSchema(a) },
            }),
          },
          ...errors,
        },
      },
      put: {
        tags: [a.label],
        summary: 'Update (admins only)',
        parameters: idParam,
        requestBody: body,
        responses: {
          '200': { description: `{ status, message, ${a.itemKey} }`, content: saved(a) },
          '403': { description: 'Admins only' },
          ...errors,
        },
      },
      delete: {
        tags: [a.label],
        summary: 'Delete (admins only)',
        parameters: idParam,
        responses: {
          '200': {
            description: '{ status, message }',
            content: json({
              type: 'object',
              properties: { status: { const: 'success' }, message: { type: 'string' } },
            }),
          },
          '403': { description: 'Admins only' },
          ...errors,
        },
      },
    }
  }
  Object.assign(paths, routePaths())
  const all: Record<string, Record<string, unknown>> = { ...paths, ...otherPaths } as Record<
    string,
    Record<string, unknown>
  >
  addDeclaredRoutes(all)
  return {
    openapi: '3.1.0',
    info: { title: 'Booking System API', version: '1.0.0' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    security: [{ bearer: [] }],
    paths: all,
  }
}

/** OpenAPI's `{id}` for Fastify's `:id`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}')

const parametersOf = (schema: z.ZodType | undefined, where: 'path' | 'query') => {
  if (!(schema instanceof z.ZodObject)) return []
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || !s.safeParse(undefined).success,
    schema: schemaOf(s),
  }))
}

/**
 * Every route that declared its schemas (lib/route-schemas.ts) is documented from them; an
 * operation documented by hand above keeps its richer text, and gains the declared answer when it
 * has none.
 */
const addDeclaredRoutes = (paths: Record<string, Record<string, unknown>>) => {
  for (const { method, url, schema } of declaredRoutes()) {
    const answer = answerSchemaOf(schema)
    if (!answer) continue
    const path = openApiPath(url)
    const m = method.toLowerCase()
    const response = schema.response as Record<string, z.ZodType>
    const status = response['201'] || response[201] ? '201' : '200'
    // FileAnswer: bytes of a media type (receipts, backups), not JSON.
    const file = /^binary:(.+)$/.exec(answer.description ?? '')
    const declared = {
      description: file ? `A ${file[1]} file` : 'Answer',
      content: file
        ? { [file[1]]: { schema: { type: 'string', format: 'binary' } } }
        : { 'application/json': { schema: schemaOf(answer, 'output') } },
    }
    const op = (paths[path]?.[m] ?? undefined) as
      | { responses?: Record<string, { content?: unknown }> }
      | undefined
    if (op) {
      op.responses ??= {}
      const documented = op.responses[status]
      if (!documented?.content) op.responses[status] = { ...documented, ...declared }
      continue
    }
    const body = schema.body as z.ZodType | undefined
    paths[path] ??= {}
    paths[path][m] = {
      tags: [url.split('/')[2] ?? 'api'],
      parameters: [
        ...parametersOf(schema.params as z.ZodType | undefined, 'path'),
        ...parametersOf(schema.querystring as z.ZodType | undefined, 'query'),
      ],
      ...(body && {
        requestBody: { required: true, content: { 'application/json': { schema: schemaOf(body) } } },
      }),
      responses: { [status]: declared, ...errors },
    }
  }
}
