import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test'

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

export const test = base
export { expect }
