import { describe, expect, it } from 'vitest'
import { runTorture } from './torture.ts'

// The short form of `npm run torture` (see bench/README.md for the long one's figures).
describe('kill -9 under load (SQLite)', () => {
  it('loses no acknowledged write and half-saves nothing across 5 kills', async () => {
    const figures = await runTorture({ kills: 5, workers: 8, loadMs: [300, 900] })
    expect(figures.kills).toBe(5)
    const a = figures.acknowledged
    expect(a.creates).toBeGreaterThan(20)
    expect(a.edits + a.deletes).toBeGreaterThan(5)
    expect(figures.otherProblems).toEqual([])
    expect(figures).toMatchObject({ lost: 0, halfSaved: 0, duplicates: 0, failedAnswers: 0 })
  }, 300_000)
})
