import { describe, expect, it } from 'vitest'
import { cycles, edgesOf, sourceFiles } from './import-graph.ts'

// Issue 32 item 8: no import cycles on either side, and the web's layers fenced like the server's
// (layers.test.ts): a shared component or lib module never imports a feature or the lists of them.

const SERVER = [...sourceFiles('apps/server/src'), ...sourceFiles('packages/shared/src')]
const WEB = sourceFiles('apps/web/src')

/** The web's layers, lowest first; features/index.ts and config/ list the features, app/ puts it together. */
const webLayer = (file: string): number => {
  const rest = file.replace(/^apps\/web\/src\//, '')
  if (rest.startsWith('lib/')) return 0
  if (rest.startsWith('components/')) return 1
  if (rest.startsWith('features/') && rest !== 'features/index.ts') return 2
  if (rest === 'features/index.ts' || rest.startsWith('config/')) return 3
  return 4
}

/** The feature folder a web file belongs to, or null (features/index.ts lists them all: not one). */
const featureOf = (file: string): string | null =>
  /^apps\/web\/src\/features\/([^/]+)\//.exec(file)?.[1] ?? null

/**
 * An import pointing up a layer, or from one feature into another (apps/web/README.md: features
 * never import each other; what two share lives in components/ or lib/).
 */
const webViolations = (edges: ReadonlyArray<readonly [string, string]>): string[] =>
  edges.flatMap(([from, to]) => {
    const [a, b] = [featureOf(from), featureOf(to)]
    return webLayer(to) > webLayer(from) || (a !== null && b !== null && a !== b) ? [`${from} -> ${to}`] : []
  })

describe('import fences', () => {
  it('finds cycles, type-only imports included', () => {
    expect(
      cycles([
        ['a.ts', 'b.ts'],
        ['b.ts', 'c.ts'],
        ['c.ts', 'a.ts'],
        ['c.ts', 'd.ts'],
      ]),
    ).toEqual([['a.ts', 'b.ts', 'c.ts']])
  })

  it('has no import cycle on the server and in the shared package', () => {
    const edges = edgesOf(SERVER)
    expect(edges.length).toBeGreaterThan(500)
    expect(cycles(edges)).toEqual([])
  })

  it('has no import cycle in the web app', () => {
    const edges = edgesOf(WEB)
    expect(edges.length).toBeGreaterThan(300)
    expect(cycles(edges)).toEqual([])
  })

  it('never lets web lib, components or features import a layer above them, nor a feature another', () => {
    expect(webViolations(edgesOf(WEB))).toEqual([])
    expect(
      webViolations([
        ['apps/web/src/components/record-link.tsx', 'apps/web/src/config/nav.ts'],
        ['apps/web/src/lib/api.ts', 'apps/web/src/components/field.tsx'],
        ['apps/web/src/features/tickets/page.tsx', 'apps/web/src/components/record-list.tsx'],
        ['apps/web/src/features/dashboard/page.tsx', 'apps/web/src/features/collect/top-five.tsx'],
        ['apps/web/src/features/collect/page.tsx', 'apps/web/src/features/collect/send-statement.tsx'],
        ['apps/web/src/features/index.ts', 'apps/web/src/features/collect/page.tsx'],
      ]),
    ).toEqual([
      'apps/web/src/components/record-link.tsx -> apps/web/src/config/nav.ts',
      'apps/web/src/lib/api.ts -> apps/web/src/components/field.tsx',
      'apps/web/src/features/dashboard/page.tsx -> apps/web/src/features/collect/top-five.tsx',
    ])
  })
})
