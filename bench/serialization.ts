/**
 * The list hot path's serialization: a page of ticket rows as the API answers it, written by
 * JSON.stringify (what the routes do), by the zod type provider's serializer (safeEncode against
 * the answer schema, then JSON.stringify) and by fast-json-stringify from the answer's JSON schema
 * (Fastify's default for a route with a response schema). `npm run bench:serialization`.
 */
import { RECORD_SPECS } from '@booking/shared'
import { recordInput } from '@booking/shared/test-data'
import fastJson from 'fast-json-stringify'
import { serializerCompiler } from 'fastify-type-provider-zod'
import { z } from 'zod'

const spec = RECORD_SPECS.tickets
const row = (id: number): Record<string, unknown> => ({
  id,
  ...recordInput('tickets', { customer_add: `Customer ${id}` }),
  entry: `Ticket ${id}/${id}`,
  profit: 4000,
  remaining_amount: 49999.5,
  created_at: '2026-11-24T06:00:00.000Z',
  created_by: 1,
})

const sample = row(1)
const field = (v: unknown) => (typeof v === 'number' ? z.number().nullable() : z.string().nullable())
const Row = z.object(Object.fromEntries(Object.entries(sample).map(([k, v]) => [k, field(v)])))
const Answer = z.object({ [spec.listKey]: z.array(Row), total: z.number().optional() })

const zodSerialize = serializerCompiler({ schema: Answer, method: 'GET', url: spec.path }) as (
  d: unknown,
) => string
const jsonSchema = z.toJSONSchema(Answer, { io: 'output' }) as Parameters<typeof fastJson>[0]
const fjs = fastJson(jsonSchema)

const time = (fn: () => string, runs: number) => {
  for (let i = 0; i < Math.min(runs, 200); i++) fn()
  const samples: number[] = []
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint()
    fn()
    samples.push(Number(process.hrtime.bigint() - t0) / 1e3)
  }
  samples.sort((a, b) => a - b)
  return { p50: samples[Math.floor(runs / 2)]!, p99: samples[Math.floor(runs * 0.99)]! }
}

for (const n of [50, 1000]) {
  const answer = { [spec.listKey]: Array.from({ length: n }, (_, i) => row(i + 1)), total: 1_000_000 }
  const same = JSON.stringify(answer)
  if (JSON.parse(zodSerialize(answer)).total !== 1_000_000 || fjs(answer).length !== same.length)
    throw new Error('serializers disagree')
  const runs = n === 50 ? 5000 : 500
  for (const [name, fn] of [
    ['JSON.stringify', () => JSON.stringify(answer)],
    ['zod type provider', () => zodSerialize(answer)],
    ['fast-json-stringify', () => fjs(answer)],
  ] as const) {
    const { p50, p99 } = time(fn, runs)
    console.log(
      `${String(n).padStart(5)} rows  ${name.padEnd(20)} p50 ${p50.toFixed(1)} µs  p99 ${p99.toFixed(1)} µs`,
    )
  }
}
