import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Where a server's time went, from a `node --cpu-prof` profile (a flame graph as text): time by
 * file or package (self), and the heaviest call sites including what they call. Open the same
 * .cpuprofile in Chrome DevTools (Performance) or speedscope for the graph itself.
 * `node --import tsx bench/cpu-profile.ts DIR_OR_FILE [TOP]` (a folder: its largest profile)
 * e.g. after `BENCH_CPU_PROF=/tmp/prof node --import tsx bench/create-vs-raw.ts`.
 */
interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

const arg = process.argv[2]
if (!arg) throw new Error('usage: bench/cpu-profile.ts DIR_OR_FILE [TOP]')
const TOP = Number(process.argv[3] ?? 30)
const file = statSync(arg).isDirectory()
  ? readdirSync(arg)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => join(arg, f))
      .sort((a, b) => statSync(b).size - statSync(a).size)[0]!
  : arg
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile

const byId = new Map(profile.nodes.map((n) => [n.id, n]))
const parent = new Map<number, number>()
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
const timeOf = new Map<number, number>()
let total = 0
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0
  timeOf.set(id, (timeOf.get(id) ?? 0) + dt)
  total += dt
})

const short = (url: string) =>
  url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(apps|packages|bench)\//, '$1/')
const place = (n: ProfileNode) => {
  const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(n.callFrame.url)
  return pkg ? `package ${pkg[1]}` : short(n.callFrame.url) || n.callFrame.functionName
}
const site = (n: ProfileNode) =>
  `${n.callFrame.functionName || '(anonymous)'} ${short(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`

const self = new Map<string, number>()
const inclusive = new Map<string, number>()
for (const [id, t] of timeOf) {
  const node = byId.get(id)!
  self.set(place(node), (self.get(place(node)) ?? 0) + t)
  const seen = new Set<string>()
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const key = site(byId.get(at)!)
    if (seen.has(key)) continue
    seen.add(key)
    inclusive.set(key, (inclusive.get(key) ?? 0) + t)
  }
}
const print = (title: string, m: Map<string, number>) => {
  console.log(title)
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, TOP))
    console.log(`  ${((v / total) * 100).toFixed(1).padStart(5)} %  ${k}`)
}
console.log(`${file}: ${(total / 1000).toFixed(0)} ms sampled`)
print('Self time by file or package', self)
print('Inclusive time by call site', inclusive)
