import { describe, expect, it } from 'vitest'
import { edgesOf, importsOf, sourceFiles } from './import-graph.ts'

// The fence (issue 21 item 7, decision 076): each source file sits in a layer, and a file never
// imports one from a higher layer. Read from the import statements, so a new file is covered.

/** Lowest first. A file belongs to the first layer one of whose folders holds it. */
const LAYERS: ReadonlyArray<{ name: string; folders: readonly string[] }> = [
  { name: 'shared', folders: ['packages/shared/src/'] },
  { name: 'db', folders: ['apps/server/src/db/'] },
  {
    name: 'kernel (lifecycle, http, sessions, the books)',
    folders: ['apps/server/src/lib/', 'apps/server/src/plugins/', 'apps/server/src/books/'],
  },
  { name: 'platform', folders: ['apps/server/src/areas/platform/'] },
  { name: 'record types', folders: ['apps/server/src/areas/records/'] },
  { name: 'readers of the books', folders: ['apps/server/src/areas/readers/'] },
  {
    name: 'app (puts it together)',
    folders: [
      'apps/server/src/app.ts',
      'apps/server/src/main.ts',
      'apps/server/src/cli/',
      'apps/server/src/areas/index.ts',
      'apps/server/src/areas/extensions.ts',
    ],
  },
]

const layerOf = (file: string): number => LAYERS.findIndex((l) => l.folders.some((f) => file.startsWith(f)))

/** Imports that reach up a layer, as "importer -> imported (layer -> layer)". */
const violations = (edges: ReadonlyArray<readonly [string, string]>): string[] =>
  edges.flatMap(([from, to]) => {
    const a = layerOf(from)
    const b = layerOf(to)
    return a >= 0 && b > a ? [`${from} -> ${to} (${LAYERS[a].name} -> ${LAYERS[b].name})`] : []
  })

const FILES = [...sourceFiles('apps/server/src'), ...sourceFiles('packages/shared/src')]

describe('layers', () => {
  it('places every server and shared source file in a layer', () => {
    // An area folder straight under areas/ belongs in platform/, records/ or readers/
    // (scripts/layer-moves.sh moves the known ones; decision 076 says which is which).
    expect(FILES.filter((f) => layerOf(f) < 0)).toEqual([])
  })

  it('never imports a higher layer', () => {
    const edges = edgesOf(FILES)
    expect(edges.length).toBeGreaterThan(500)
    expect(violations(edges)).toEqual([])
  })

  it('the fence catches a lower layer reaching up', () => {
    expect(
      violations([
        ['apps/server/src/lib/crud.ts', 'apps/server/src/areas/platform/exports/list-export.ts'],
        ['apps/server/src/db/connect.ts', 'apps/server/src/lib/http-error.ts'],
        ['apps/server/src/areas/records/tickets/routes.ts', 'apps/server/src/lib/crud.ts'],
      ]),
    ).toHaveLength(2)
  })

  it('keeps the shared package free of the apps', () => {
    const out = sourceFiles('packages/shared/src').flatMap((f) =>
      importsOf(f)
        .filter((t) => !t.startsWith('packages/shared/'))
        .map((t) => `${f} -> ${t}`),
    )
    expect(out).toEqual([])
  })
})
