import { RECORD_SPECS, type RecordRow, type RecordTable } from '@booking/shared'
import { type RecordInput, recordInput, TEST_NAMES } from '@booking/shared/test-data'
import { type APIRequestContext, type APIResponse, test as base, expect, type Page } from '@playwright/test'

export const ADMIN = { email: 'admin@e2e.local', password: 'admin-pass-123', username: 'admin' }
export const EMPLOYEE = { email: 'staff@e2e.local', password: 'staff-pass-123', username: 'staff' }

const apiLogin = async (request: APIRequestContext, who: { email: string; password: string }) => {
  const res = await request.post('/api/user/login', { data: { email: who.email, password: who.password } })
  return (await res.json()) as { token?: string; status: string; role?: string }
}

/** An approved employee, created through the real sign-up and approval calls the first time. */
export const ensureEmployee = async (request: APIRequestContext) => {
  const existing = await apiLogin(request, EMPLOYEE)
  if (existing.token) return
  await request.post('/api/user/signup', { data: EMPLOYEE })
  const admin = await apiLogin(request, ADMIN)
  const headers = { Authorization: `Bearer ${admin.token}` }
  const pending = await (await request.get('/api/admin/pending-users', { headers })).json()
  const user = pending.users.find((u: { email: string }) => u.email === EMPLOYEE.email)
  await request.post('/api/admin/approve-user', { headers, data: { userId: user.id, approved: true } })
}

/** Signs in through the login screen and waits for the role's dashboard. */
export const loginAs = async (page: Page, role: 'admin' | 'employee') => {
  if (role === 'employee') await ensureEmployee(page.request)
  const who = role === 'admin' ? ADMIN : EMPLOYEE
  await page.goto('/login')
  await page.getByLabel('Email').fill(who.email)
  await page.getByLabel('Password').fill(who.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(role === 'admin' ? /\/admin\/dashboard$/ : /\/dashboard$/)
}

/** A bearer token for setting up data through the API in a test. */
export const apiToken = async (request: APIRequestContext, role: 'admin' | 'employee') => {
  if (role === 'employee') await ensureEmployee(request)
  const answer = await apiLogin(request, role === 'admin' ? ADMIN : EMPLOYEE)
  return answer.token as string
}

type Role = 'admin' | 'employee'

/** The API as the admin, for setting up and checking data; answers typed by the caller. */
export interface Api {
  get: <T>(path: string) => Promise<T>
  post: <T>(path: string, body: unknown) => Promise<T>
}

/** Records made through the API from the typed factories (`@booking/shared/test-data`). */
export interface Seed {
  /** A record of `table` (its factory body with `more` over it), as the API answered it. */
  record: <T extends RecordTable>(table: T, more?: Partial<RecordInput<T>>) => Promise<RecordRow<T>>
  /** The agent and vendor names the factory bodies use. */
  names: () => Promise<void>
}

interface Fixtures {
  /** Signs the page in as `role` with a token from the API (no login form) and opens its dashboard. */
  as: (role: Role) => Promise<void>
  api: Api
  seed: Seed
}

export const test = base.extend<Fixtures>({
  as: async ({ page }, use) => {
    await use(async (role) => {
      if (role === 'employee') await ensureEmployee(page.request)
      const who = role === 'admin' ? ADMIN : EMPLOYEE
      const answer = await apiLogin(page.request, who)
      if (!answer.token) throw new Error(`${role} could not sign in: ${answer.status}`)
      // What the login screen stores (apps/web/src/lib/session.ts), set before the app reads it.
      await page.goto('/login')
      await page.evaluate(
        ([token, user]) => {
          localStorage.setItem('token', token)
          localStorage.setItem('user', user)
        },
        [answer.token, JSON.stringify({ email: who.email, username: who.username, role })] as const,
      )
      await page.goto(role === 'admin' ? '/admin/dashboard' : '/dashboard')
      await expect(page).toHaveURL(role === 'admin' ? /\/admin\/dashboard$/ : /\/dashboard$/)
    })
  },
  api: async ({ request }, use) => {
    const headers = { Authorization: `Bearer ${await apiToken(request, 'admin')}` }
    const answered = async <T>(res: APIResponse): Promise<T> => {
      if (!res.ok()) throw new Error(`${res.url()}: ${res.status()} ${await res.text()}`)
      return (await res.json()) as T
    }
    await use({
      get: async (path) => answered(await request.get(`/api${path}`, { headers })),
      post: async (path, body) => answered(await request.post(`/api${path}`, { headers, data: body })),
    })
  },
  seed: async ({ api }, use) => {
    await use({
      record: async (table, more = {}) => {
        const spec = RECORD_SPECS[table]
        const answer = await api.post<Record<string, unknown>>(spec.path, recordInput(table, more))
        return answer[spec.itemKey] as RecordRow<typeof table>
      },
      names: async () => {
        for (const name of TEST_NAMES.agents) await api.post('/agent-names', { name }).catch(() => undefined)
        for (const name of TEST_NAMES.vendors)
          await api.post('/vender-names', { name }).catch(() => undefined)
      },
    })
  },
})
export { expect }
