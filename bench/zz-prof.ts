import { launchChromium } from './chromium.ts'
import { startDesk } from './portal-desk.ts'
const desk = await startDesk(4790, 60)
const browser = await launchChromium()
try {
  const ctx = await browser.newContext({ viewport: { width: 375, height: 800 } })
  await ctx.addInitScript(`localStorage.setItem('token', ${JSON.stringify(desk.session.token)}); localStorage.setItem('user', ${JSON.stringify(desk.session.user)})`)
  const page = await ctx.newPage()
  const cdp = await ctx.newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
  await cdp.send('Profiler.start')
  await page.goto(`${desk.base}/portal`)
  await page.getByTestId('portal-balance').waitFor()
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount: number }>; samples: number[]; timeDeltas: number[] } }
  const dt = new Map<number, number>()
  profile.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)))
  const byFn = new Map<string, number>()
  const byUrl = new Map<string, number>()
  for (const n of profile.nodes) {
    const t = (dt.get(n.id) ?? 0) / 1000
    const u = n.callFrame.url.replace(/.*\//, '') || '(native)'
    byUrl.set(u, (byUrl.get(u) ?? 0) + t)
    const k = `${u} ${n.callFrame.functionName || '(anon)'}:${n.callFrame.lineNumber}`
    byFn.set(k, (byFn.get(k) ?? 0) + t)
  }
  console.log([...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([k, v]) => `${k} ${v.toFixed(0)}ms`).join('\n'))
  console.log('--')
  console.log([...byFn].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${k} ${v.toFixed(1)}ms`).join('\n'))
} finally {
  await browser.close()
  await desk.close()
}
