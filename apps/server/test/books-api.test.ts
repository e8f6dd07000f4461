import { describe, expect, it } from 'vitest'
import { edgesOf, sourceFiles } from './import-graph.ts'

// Issue 32 item 3 (decision 127): "No record folder imports anything else of it." A record type
// reaches the books through src/books/index.ts only, so the books can change inside without a
// record file changing. Read from the import statements, so a new file is covered.

const BOOKS = 'apps/server/src/books/'
const API = `${BOOKS}index.ts`
const RECORDS = 'apps/server/src/areas/records/'

/** Imports from a record folder into the books other than the public API, as "importer -> imported". */
const breaches = (edges: ReadonlyArray<readonly [string, string]>): string[] =>
  edges
    .filter(([from, to]) => from.startsWith(RECORDS) && to.startsWith(BOOKS) && to !== API)
    .map(([from, to]) => `${from} -> ${to}`)

const FILES = [...sourceFiles('apps/server/src'), ...sourceFiles('packages/shared/src')]

describe('the books public API', () => {
  it('record folders import the books only through src/books/index.ts', () => {
    const edges = edgesOf(FILES)
    const toApi = edges.filter(([from, to]) => from.startsWith(RECORDS) && to === API)
    // Every record folder that posts reaches the books: the fence is not empty by accident.
    expect(new Set(toApi.map(([from]) => from.split('/')[5])).size).toBeGreaterThanOrEqual(10)
    expect(breaches(edges)).toEqual([])
  })

  it('the fence catches a record file reaching inside the books', () => {
    expect(
      breaches([
        ['apps/server/src/areas/records/tickets/routes.ts', 'apps/server/src/books/lines.ts'],
        ['apps/server/src/areas/records/tickets/routes.ts', 'apps/server/src/books/index.ts'],
        ['apps/server/src/areas/readers/reports/sources.ts', 'apps/server/src/books/sums.ts'],
      ]),
    ).toEqual(['apps/server/src/areas/records/tickets/routes.ts -> apps/server/src/books/lines.ts'])
  })
})
