/// <reference lib="dom" />
import { ADMIN, EMPLOYEE, expect, loginAs, test } from './fixtures.ts'
import { adminHeaders } from './helpers.ts'

const SHOTS = '/tmp/shots-foundation'
const NEWBIE = { username: 'new_person', email: 'new.person@e2e.local', password: 'newbie-pass-1' }

const touch = async (page: import('@playwright/test').Page, label: string, value: string) => {
  const input = page.getByLabel(label, { exact: true })
  await input.fill(value)
  await input.blur()
}

test.describe.configure({ mode: 'serial' })

test('a new person registers and cannot sign in until approved', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 })
  await page.goto('/register')
  await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible()
  const register = page.getByRole('button', { name: 'Register' })
  await expect(register).toBeDisabled()

  // Every message appears under its field once the field has been touched.
  const checks: Array<[string, string, string]> = [
    ['Username', 'ab', 'Username must be at least 3 characters'],
    ['Username', 'a'.repeat(21), 'Username cannot exceed 20 characters'],
    ['Username', 'bad name', 'Username can only contain letters, numbers and underscores'],
    ['Username', '', 'Username is required'],
    ['Email', 'not-an-email', 'Please enter a valid email address'],
    ['Email', '', 'Email is required'],
    ['Password', 'short', 'Password must be at least 8 characters'],
    ['Password', '', 'Password is required'],
    ['Confirm Password', '', 'Please confirm your password'],
  ]
  for (const [label, value, message] of checks) {
    await touch(page, label, value)
    await expect(page.getByText(message, { exact: true }), message).toBeVisible()
  }
  await page.screenshot({ path: `${SHOTS}/register-errors-1366.png`, fullPage: true })

  await touch(page, 'Username', NEWBIE.username)
  await touch(page, 'Email', NEWBIE.email)
  await touch(page, 'Password', NEWBIE.password)
  await touch(page, 'Confirm Password', 'something-else')
  await expect(page.getByText('Passwords do not match')).toBeVisible()
  await expect(register).toBeDisabled()
  // Changing the password re-checks the confirmation.
  await touch(page, 'Password', 'something-else')
  await expect(page.getByText('Passwords do not match')).toHaveCount(0)
  await touch(page, 'Password', NEWBIE.password)
  await expect(page.getByText('Passwords do not match')).toBeVisible()
  await touch(page, 'Confirm Password', NEWBIE.password)
  await expect(page.getByText('Passwords do not match')).toHaveCount(0)
  await expect(register).toBeEnabled()

  // Slow the call down enough to see the busy label.
  await page.route('**/api/user/signup', async (route) => {
    await new Promise((r) => setTimeout(r, 600))
    await route.continue()
  })
  await register.click()
  await expect(page.getByRole('button', { name: 'Registering...' })).toBeVisible()
  const started = Date.now()
  await expect(
    page.getByText('Registration successful! Your account is pending approval by an administrator.'),
  ).toBeVisible()
  for (const label of ['Username', 'Email', 'Password', 'Confirm Password']) {
    await expect(page.getByLabel(label, { exact: true })).toHaveValue('')
  }
  await page.screenshot({ path: `${SHOTS}/register-success-1366.png`, fullPage: true })
  await expect(page).toHaveURL(/\/register$/)
  await expect(page).toHaveURL(/\/login$/, { timeout: 6000 })
  expect(Date.now() - started).toBeGreaterThan(2000)

  await page.unroute('**/api/user/signup')

  // Pending: a notice, and no session.
  await page.getByLabel('Email').fill(NEWBIE.email)
  await page.getByLabel('Password').fill(NEWBIE.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByText('Your account is pending approval')).toBeVisible()
  await expect(page.getByText('Please wait for an administrator to approve your account.')).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
    null,
    null,
  ])

  // Unknown email.
  await page.getByLabel('Email').fill('nobody@e2e.local')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByText('Account not found')).toBeVisible()
  await expect(page.getByText('This email is not registered in our system.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Create an account.' })).toHaveAttribute('href', '/register')

  // Wrong password.
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password').fill('not-the-password')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByText('Invalid email or password')).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/login-error-1366.png`, fullPage: true })
})

test('a duplicate registration shows the server message', async ({ page }) => {
  await page.goto('/register')
  await touch(page, 'Username', 'someone_else')
  await touch(page, 'Email', NEWBIE.email)
  await touch(page, 'Password', NEWBIE.password)
  await touch(page, 'Confirm Password', NEWBIE.password)
  await page.getByRole('button', { name: 'Register' }).click()
  // Once, under the email field; not again as a general line (issue 15).
  await expect(page.getByRole('alert').filter({ hasText: 'This email is already registered' })).toHaveCount(1)
  await expect(page).toHaveURL(/\/register$/)
})

test('the admin approves and rejects employees', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 })
  await page.request.post('/api/user/signup', {
    data: { username: 'second_person', email: 'second@e2e.local', password: 'second-pass-1' },
  })
  await loginAs(page, 'admin')
  await page.getByRole('link', { name: 'Employees' }).click()
  await expect(page).toHaveURL(/\/admin\/employee$/)
  await expect(page.getByRole('heading', { name: 'Employee Management' })).toBeVisible()
  await expect(page.getByRole('tab', { name: 'Pending Approvals' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tab', { name: 'Approved Employees' })).toHaveAttribute(
    'aria-selected',
    'false',
  )
  for (const h of ['Username', 'Email', 'Role', 'Status', 'Actions']) {
    await expect(page.getByRole('columnheader', { name: h })).toBeVisible()
  }
  const newbie = page.getByRole('row', { name: new RegExp(NEWBIE.email) })
  await expect(newbie).toContainText(NEWBIE.username)
  await expect(newbie).toContainText('employee')
  await expect(newbie).toContainText('Pending')
  await page.screenshot({ path: `${SHOTS}/employees-pending-1366.png`, fullPage: true })

  await newbie.getByRole('button', { name: 'Approve' }).click()
  const approved = page.getByText('User approved successfully')
  await expect(approved).toBeVisible()
  await expect(newbie).toHaveCount(0)
  await expect(approved).toBeHidden({ timeout: 5000 })

  // Approve everyone left, then the empty text shows.
  const approve = page.getByRole('button', { name: 'Approve' })
  while ((await approve.count()) > 0) {
    const before = await approve.count()
    await approve.first().click()
    await expect(approve).toHaveCount(before - 1)
  }
  await expect(page.getByText('No pending user approvals')).toBeVisible()

  await page.getByRole('tab', { name: 'Approved Employees' }).click()
  await expect(page.getByRole('tab', { name: 'Approved Employees' })).toHaveAttribute('aria-selected', 'true')
  const row = page.getByRole('row', { name: new RegExp(NEWBIE.email) })
  await expect(row).toContainText('Active')
  await page.screenshot({ path: `${SHOTS}/employees-approved-1366.png`, fullPage: true })
  await row.getByRole('button', { name: 'Reject' }).click()
  await expect(page.getByText('User rejected successfully')).toBeVisible()
  await expect(row).toHaveCount(0)
  const reject = page.getByRole('button', { name: 'Reject' })
  while ((await reject.count()) > 0) {
    const before = await reject.count()
    await reject.first().click()
    await expect(reject).toHaveCount(before - 1)
  }
  await expect(page.getByText('No approved employees found')).toBeVisible()
  await page.getByRole('tab', { name: 'Pending Approvals' }).click()
  await expect(page.getByRole('row', { name: new RegExp(NEWBIE.email) })).toContainText('Pending')

  await page.setViewportSize({ width: 375, height: 800 })
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible()
  await page.waitForTimeout(400)
  await page.screenshot({ path: `${SHOTS}/employees-pending-375.png`, fullPage: true })
})

test('an approved employee signs in; routes, session restore and logout', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 })
  await loginAs(page, 'employee')
  const stored = await page.evaluate(() => ({
    user: localStorage.getItem('user'),
    token: localStorage.getItem('token'),
  }))
  expect(stored.token).toBeTruthy()
  expect(JSON.parse(stored.user!)).toMatchObject({
    email: EMPLOYEE.email,
    username: EMPLOYEE.username,
    role: 'employee',
  })

  // Admin screens are not for employees: /admin/* goes to /login, which sends a signed-in user home.
  for (const path of ['/admin/employee', '/admin/dashboard', '/admin/vender', '/admin/anything']) {
    await page.goto(path)
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('heading', { name: 'Employee Management' })).toHaveCount(0)
  }
  // Admin-only employee paths and unknown paths go home too.
  for (const path of ['/employee', '/officeAccount', '/no-such-page']) {
    await page.goto(path)
    await expect(page).toHaveURL(/\/dashboard$/)
  }
  await page.goto('/login')
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.goto('/register')
  await expect(page).toHaveURL(/\/dashboard$/)

  // The session survives a reload.
  await page.goto('/tickets')
  await page.reload()
  await expect(page).toHaveURL(/\/tickets$/)
  await expect(page.getByTestId('user-badge')).toHaveText(EMPLOYEE.username)

  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login$/)
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
    null,
    null,
  ])
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login$/)
  await page.goto('/admin/dashboard')
  await expect(page).toHaveURL(/\/login$/)
})

test('a corrupt stored user is removed on load', async ({ page }) => {
  for (const raw of ['undefined', '{broken', '"text"', '42']) {
    await page.goto('/login')
    await page.evaluate((value) => {
      localStorage.setItem('token', 'some-token')
      localStorage.setItem('user', value)
    }, raw)
    await page.goto('/dashboard')
    await expect(page).toHaveURL(/\/login$/)
    expect(await page.evaluate(() => localStorage.getItem('user')), raw).toBeNull()
  }
})

test('an admin opening an employee path is sent to the admin one', async ({ page }) => {
  await loginAs(page, 'admin')
  await page.goto('/tickets')
  await expect(page).toHaveURL(/\/admin\/tickets$/)
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await page.goto('/login')
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await page.goto('/admin/no-such-page')
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
})

test('a rejected employee loses the session on the next call and cannot sign in again', async ({ page }) => {
  await loginAs(page, 'employee')
  const headers = await adminHeaders(page.request)
  const employees = await (await page.request.get('/api/admin/employees', { headers })).json()
  const me = employees.users.find((u: { email: string }) => u.email === EMPLOYEE.email)
  await page.request.post('/api/admin/approve-user', { headers, data: { userId: me.id, approved: false } })
  await page.goto('/protector')
  // The list says why it is empty, and the sign-in dialog opens over it.
  // (CSS locator: the dialog hides the page behind it from the accessibility tree.)
  await expect(page.locator('[role=alert]', { hasText: 'Your session has ended' })).toBeVisible()
  const dialog = page.getByRole('dialog', { name: 'Your session has ended' })
  await dialog.getByLabel('Password').fill(EMPLOYEE.password)
  await dialog.getByRole('button', { name: 'Sign in' }).click()
  await expect(dialog.getByText('Your account is pending approval')).toBeVisible()
  await dialog.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/login$/)
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
})
