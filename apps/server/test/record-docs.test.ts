import { ALL_RECORD_SPECS } from '@booking/shared'
import { describe, expect, it } from 'vitest'
import { setupTestApp } from './helpers.ts'

/** The parts of a JSON schema read here. */
interface JsonSchema {
  properties: Record<string, JsonSchema>
  items: JsonSchema
}
type Operation = {
  parameters?: { name: string; schema: { enum?: string[] } }[]
  responses: Record<string, { content?: { 'application/json': { schema: JsonSchema } } }>
}

describe('/api/docs documents every record route with its answer', () => {
  const t = setupTestApp()

  it('list, create, read, update and delete of every RecordSpec carry an answer schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    const paths = res.json().paths as Record<string, Record<string, Operation>>
    for (const spec of ALL_RECORD_SPECS) {
      const list = paths[`/api${spec.path}`]!
      const one = paths[`/api${spec.path}/{id}`]!
      const listed = list.get!.responses['200']!.content!['application/json'].schema
      const row = listed.properties[spec.listKey]!.items
      // Every key a list sorts by is a key of the documented answer row.
      expect([spec.path, spec.sortable.filter((k) => !(k in row.properties))]).toEqual([spec.path, []])
      const sort = (
        list.get as unknown as { parameters: { name: string; schema: { enum?: string[] } }[] }
      ).parameters.find((p) => p.name === 'sort')!
      expect(sort.schema.enum).toEqual(['id', '-id', ...spec.sortable.flatMap((k) => [k, `-${k}`])])
      const created = list.post!.responses['201']!.content!['application/json'].schema
      expect(created.properties[spec.itemKey]).toEqual(row)
      for (const method of ['get', 'put', 'delete'] as const) {
        expect([spec.path, method, one[method]!.responses['200']!.content]).not.toEqual([
          spec.path,
          method,
          undefined,
        ])
      }
    }
  })
})
