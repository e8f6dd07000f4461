import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { callerOf, can, needsAdmin, RECORD_SPECS, rolesThatCan, rolesThatCannot } from '@booking/shared'
import { describe, expect, it } from 'vitest'

// Roles as capabilities (issue 32 item 5, decision 084): a role is data in packages/shared/src/access.ts
// and every check goes through can(); no other code compares a role. Read from the sources, so a
// new file is covered.

const ROOT = resolve(import.meta.dirname, '../../..')
const DIRS = ['apps/server/src', 'apps/web/src', 'packages/shared/src']
/** Where the roles are data. */
const HOME = 'packages/shared/src/access.ts'

/** Comparisons that look like a role's but are not one, each with why. */
const NOT_ROLES: ReadonlyArray<{ file: string; text: string; why: string }> = [
  {
    file: 'apps/server/src/areas/readers/reports/routes.ts',
    text: "by === 'employee'",
    why: 'the profit report grouped by the employee on each line (a query value)',
  },
]

const ROLE = `['"](?:admin|employee)['"]`
const PATTERNS = [
  new RegExp(String.raw`(?:===|!==|==|!=)\s*${ROLE}`),
  new RegExp(String.raw`${ROLE}\s*(?:===|!==|==|!=)`),
  new RegExp(String.raw`\bcase\s+${ROLE}`),
  /['"]role['"]\s*,\s*['"](?:=|<>|!=)['"]/,
  // A role compared with anything but its absence.
  /\.role\s*(?:===|!==|==|!=)(?!=)(?!\s*(?:undefined|null)\b)/,
]

const sources = () =>
  DIRS.flatMap((dir) =>
    readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
      .map((e) => relative(ROOT, join(e.parentPath, e.name))),
  ).filter((f) => f !== HOME && !f.includes('/migrations/'))

/** Lines comparing a role outside can(), as "file:line: text". */
const comparisons = (files: ReadonlyArray<{ file: string; text: string }>) =>
  files.flatMap(({ file, text }) =>
    text
      .split('\n')
      .flatMap((line, i) =>
        PATTERNS.some((p) => p.test(line)) && !NOT_ROLES.some((n) => n.file === file && line.includes(n.text))
          ? [`${file}:${i + 1}: ${line.trim()}`]
          : [],
      ),
  )

describe('roles as capabilities', () => {
  it('compares no role outside can()', () => {
    const files = sources().map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }))
    expect(files.length).toBeGreaterThan(200)
    expect(comparisons(files)).toEqual([])
  })

  it('the fence catches a role compared as a string', () => {
    expect(
      comparisons([
        { file: 'a.ts', text: "if (user.role === 'admin') return" },
        { file: 'b.tsx', text: "const x = 'employee' !== role" },
        { file: 'c.ts', text: "q.where('role', '=', 'admin')" },
        { file: 'd.ts', text: "switch (r) { case 'employee': }" },
        { file: 'e.ts', text: "if (can(user, 'use', 'admin-area')) return" },
      ]),
    ).toHaveLength(4)
  })

  it('answers from the roles as data', () => {
    const admin = callerOf({ role: 'admin' })
    const employee = callerOf({ role: 'employee' })
    expect(admin?.sees).toEqual({ all: true })
    expect(employee?.sees).toEqual({ all: true })
    expect(callerOf({ role: 'owner' })).toBeNull()
    expect(can(admin, 'use', 'admin-area')).toBe(true)
    expect(can(employee, 'use', 'admin-area')).toBe(false)
    expect(can(null, 'view', { level: 'employee' })).toBe(false)
    expect(can({ role: 'intruder' }, 'view', { level: 'employee' })).toBe(false)
    const tickets = { access: RECORD_SPECS.tickets.access }
    expect(can(employee, 'create', tickets)).toBe(true)
    expect(can(employee, 'delete', tickets)).toBe(RECORD_SPECS.tickets.access.delete === 'employee')
    expect(rolesThatCan('update', 'users')).toEqual(['admin'])
    expect(rolesThatCannot('use', 'admin-area')).toEqual(['employee'])
    expect(needsAdmin('view', { access: { view: 'admin' } })).toBe(true)
    expect(needsAdmin('view', { access: { view: 'employee' } })).toBe(false)
  })
})
