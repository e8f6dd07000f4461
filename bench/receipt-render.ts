import { existsSync } from 'node:fs'
import { DEFAULT_AGENCY } from '@booking/shared'
import type { ReceiptDoc } from '../apps/server/src/areas/platform/documents/receipt.ts'

/**
 * A one-page receipt drawn in-process, Latin and Urdu names (issue 23.7: a receipt PDF under
 * 300 ms), median of 30 after 3 warm-ups. `BEFORE_ROOT` names another checkout whose
 * renderReceipt is timed in the same run, alternating, for a before/after ratio on a shared box.
 */

type Render = (
  s: typeof DEFAULT_AGENCY,
  r: ReceiptDoc,
  printed: string,
) => NodeJS.ReadableStream & { end(): void }
// The layers' move (decision 075) put documents under areas/platform/; an older checkout has it at areas/.
const load = async (root: string) => {
  const moved = `${root}/apps/server/src/areas/platform/documents/receipt.ts`
  const file = existsSync(moved) ? moved : `${root}/apps/server/src/areas/documents/receipt.ts`
  return (await import(file)).renderReceipt as Render
}

const receipt = (customer: string): ReceiptDoc => ({
  title: 'Receipt',
  number: '1/12',
  date: '2026-11-26',
  kind: 'Ticket',
  particulars: [
    ['Customer', customer],
    ['Agent', 'Agent A'],
    ['Sector', 'LHE-JED'],
    ['Reference', 'PNR PK8HJ2'],
  ],
  passengers: [`${customer} (AB1234567)`],
  amounts: [
    { label: 'Total amount', value: 150000, strong: true },
    { label: 'Received', value: 100000, strong: true },
    { label: 'Remaining', value: 50000, strong: true },
  ],
  inWords: [['Total', 150000]],
})

const time = async (render: Render, r: ReceiptDoc) => {
  const t0 = performance.now()
  const doc = render(DEFAULT_AGENCY, r, '26/11/2026 00:30')
  await new Promise<void>((resolve) => {
    doc.on('data', () => {})
    doc.on('end', () => resolve())
    doc.end()
  })
  return performance.now() - t0
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const here = new URL('..', import.meta.url).pathname
const sides: Array<[string, Render]> = [['this checkout', await load(here)]]
if (process.env.BEFORE_ROOT) sides.unshift(['before', await load(process.env.BEFORE_ROOT)])
for (const [name, r] of [
  ['Latin name', receipt('Ali Khan')],
  ['Urdu name', receipt('محمد علی خان')],
] as const) {
  const times = new Map<string, number[]>(sides.map(([s]) => [s, []]))
  for (let i = 0; i < 33; i++)
    for (const [side, render] of sides) {
      const ms = await time(render, r)
      if (i >= 3) times.get(side)!.push(ms)
    }
  console.log(
    `receipt PDF, ${name}: ${sides.map(([s]) => `${s} median ${median(times.get(s)!).toFixed(1)} ms`).join(', ')}`,
  )
}
