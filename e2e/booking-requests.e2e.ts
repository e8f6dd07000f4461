import { join } from 'node:path'
import { MRZ_SPECIMENS } from '@booking/shared/mrz-specimens'
import { expect, test } from './fixtures.ts'
import { adminHeaders, deskUser, pageAs, shoot, signInAtDesk } from './helpers.ts'

// Issue 35 item 4: an agent's user on a phone (375 px) asks for a ticket, the passenger read from a
// passport photo by the app's MRZ reader; staff open the queue, "Make booking" opens the ticket
// form filled from the request, they save it; the agent sees the booking on the desk.

const AGENT = 'Request Agent E2E'
const EMAIL = 'desk@request-agent.pk'
const PASSWORD = 'blue-river-2026'
/** The clean synthetic data page of the project's Pakistani specimen (bench/passport-samples.ts). */
const PHOTO = join(import.meta.dirname, 'fixtures/passports/passport-01.jpg')

test('a booking request at 375 px: passport photo read, staff make the booking from it, the agent sees it', async ({
  page,
  browser,
}) => {
  // OCR of one page in the browser takes seconds on the shared machine.
  test.setTimeout(150_000)
  const headers = await adminHeaders(page.request)
  await page.request.post('/api/agent-names', { headers, data: { name: AGENT } })
  await page.request.post('/api/vender-names', { headers, data: { name: 'Request Air' } })
  await deskUser(page.request, AGENT, EMAIL, PASSWORD)
  await signInAtDesk(page, EMAIL, PASSWORD)

  const ask = page.getByRole('region', { name: 'Ask for a booking' })
  await expect(ask.getByRole('radio', { name: 'Ticket' })).toBeChecked()
  await ask.getByLabel('Sector (e.g. LHE-JED)').fill('LHE-JED')
  await ask.getByLabel('Travel date').fill('2026-12-20')
  await ask.getByLabel('Return date (optional)').fill('2027-01-05')
  const pax = ask.getByRole('group', { name: 'Passenger 1' })
  await pax.getByLabel('Passport photo 1').setInputFiles(PHOTO)
  await expect(pax.getByLabel('Passport number')).toHaveValue('AB1234562', { timeout: 90_000 })
  await expect(pax.getByLabel('Surname')).toHaveValue('KHAN')
  await expect(pax.getByLabel('Given names')).toHaveValue('MUHAMMAD ALI')
  await expect(pax).toContainText('Born 14/03/1985 · Expires 22/07/2030')
  expect(MRZ_SPECIMENS.pakistan[1]).toContain('AB1234562')
  await ask.getByLabel('Note (optional)').fill('Window seat please')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await ask.getByRole('button', { name: 'Send request' }).click()
  await expect(ask.getByRole('status')).toHaveText('Request sent')
  const mine = page.getByTestId('portal-requests')
  await expect(mine).toContainText('Ticket · LHE-JED')
  await expect(mine).toContainText('MUHAMMAD ALI KHAN')
  await expect(mine).toContainText('Waiting')
  await shoot(page, 'portal-booking-request')
  await page.setViewportSize({ width: 375, height: 800 })

  // Staff: the queue, then the ticket form filled from the request.
  const staff = await pageAs(browser, 'employee')
  await staff.goto('/bookingRequests')
  await expect(staff.getByRole('heading', { name: 'Booking requests' })).toBeVisible()
  const card = staff.getByRole('region', { name: /^Request \d+$/ }).filter({ hasText: AGENT })
  await expect(card).toContainText(`${AGENT} · Ticket · LHE-JED`)
  await expect(card).toContainText('20/12/2026 to 05/01/2027')
  await expect(card).toContainText('Mr MUHAMMAD ALI KHAN · AB1234562')
  await shoot(staff, 'booking-requests-queue')
  await card.getByRole('button', { name: 'Make booking' }).click()
  await expect(staff.getByRole('heading', { name: 'New Ticket' })).toBeVisible()
  // The address is read once: a later Add New on the list is a blank ticket.
  await expect(staff).toHaveURL(/\/tickets$/)
  const note = staff.getByRole('region', { name: 'Booking request' })
  await expect(note).toContainText(`from ${AGENT}: LHE-JED, 20/12/2026 to 05/01/2027, 1 passenger`)
  await expect(note).toContainText('Window seat please')
  await expect(staff.getByLabel('Sector')).toHaveValue('LHE-JED')
  await expect(staff.getByLabel('Depart Date')).toHaveValue('20/12/2026')
  await expect(staff.getByLabel('Return Date')).toHaveValue('05/01/2027')
  await shoot(staff, 'booking-from-request')
  await staff.getByLabel('Airline').fill('PIA')
  await staff.getByLabel('Reference').fill('PNRREQ1')
  await staff.getByRole('button', { name: 'Next' }).click()
  const block = staff.getByRole('group', { name: 'Passenger 1 Details' })
  await expect(block.getByLabel('Title')).toHaveValue('Mr')
  await expect(block.getByLabel('First Name')).toHaveValue('MUHAMMAD ALI')
  await expect(block.getByLabel('Last Name')).toHaveValue('KHAN')
  await expect(block.getByLabel('Document Number')).toHaveValue('AB1234562')
  await expect(block.getByLabel('Expiry Date')).toHaveValue('22/07/2030')
  await staff.getByRole('button', { name: 'Next' }).click()
  await expect(staff.getByLabel('Agent Name')).toHaveValue(AGENT)
  await staff.getByLabel('Total Receivable Amount').fill('95000')
  await staff.getByLabel('Paid Cash').fill('0')
  await staff.getByLabel('Bank Title').selectOption('UBL Account 1')
  await staff.getByLabel('Paid In Bank').fill('0')
  await staff.getByLabel('Payable To Vendor').fill('88000')
  await staff.getByLabel('Vendor Name').selectOption('Request Air')
  await staff.getByRole('button', { name: 'Submit' }).click()
  await expect(staff.getByText('Ticket saved')).toBeVisible()

  // The request shows the booking it became.
  await staff.goto('/bookingRequests')
  await staff.getByRole('tab', { name: 'Booked' }).click()
  const booked = staff.getByRole('region', { name: /^Request \d+$/ }).filter({ hasText: AGENT })
  await expect(booked.getByTestId('request-booking')).toContainText(
    /Booked as Ticket \d+\/\d+ · booked · Rs 95,000/,
  )
  await shoot(staff, 'booking-requests-booked')

  // The agent sees the booking and its status, and a notice.
  await page.reload()
  await expect(mine).toContainText('Booked')
  await expect(mine).toContainText(/Ticket \d+\/\d+ · Booked · PNR PNRREQ1 · Rs 95,000 · Remaining Rs 95,000/)
  await expect(page.getByTestId('portal-notices')).toContainText('Request booked · Ticket · LHE-JED')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await shoot(page, 'portal-booking-request-booked')
})

test('an Umrah request opens the Umrah form with the agent as the customer and the pilgrims filled', async ({
  page,
  browser,
}) => {
  const agent = 'Umrah Request Agent E2E'
  const email = 'desk@umrah-request.pk'
  const headers = await adminHeaders(page.request)
  await page.request.post('/api/agent-names', { headers, data: { name: agent } })
  await page.request.post('/api/vender-names', { headers, data: { name: 'Umrah Wholesale' } })
  await deskUser(page.request, agent, email, PASSWORD)
  const login = await page.request.post('/api/user/login', { data: { email, password: PASSWORD } })
  const desk = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` }
  const pilgrim = {
    title: 'Mrs',
    firstName: 'AMINA',
    lastName: 'BIBI',
    documentNo: 'UM998877',
    dob: '1965-08-14',
    nationality: 'Pakistan',
    documentExpiry: '2030-08-14',
    issueCountry: 'Pakistan',
  }
  const sent = await page.request.post('/api/portal/requests', {
    headers: desk,
    data: {
      kind: 'umrah',
      sector: 'ISB-JED',
      depart_date: '2027-02-01',
      return_date: '2027-02-22',
      passengers: [pilgrim],
      note: '21 days, Makkah 5 star',
    },
  })
  expect(sent.status()).toBe(201)

  const staff = await pageAs(browser, 'employee')
  await staff.goto('/bookingRequests')
  const card = staff.getByRole('region', { name: /^Request \d+$/ }).filter({ hasText: agent })
  await card.getByRole('button', { name: 'Make booking' }).click()
  await expect(staff.getByRole('heading', { name: 'New Umrah Booking' })).toBeVisible()
  await expect(staff).toHaveURL(/\/umrah$/)
  await expect(staff.getByLabel('Customer')).toHaveValue(agent)
  await expect(staff.getByLabel('Package Detail')).toHaveValue('21 days, Makkah 5 star')
  await expect(staff.getByLabel('Sector')).toHaveValue('ISB-JED')
  await expect(staff.getByLabel('Adults')).toHaveValue('1')
  await staff.getByLabel('Airline').fill('Saudia')
  await staff.getByLabel('Reference').fill('UMR-REQ')
  await staff.getByRole('button', { name: 'Next' }).click()
  await expect(staff.getByLabel('Last Name')).toHaveValue('BIBI')
  await expect(staff.getByLabel('Document Number')).toHaveValue('UM998877')
  await expect(staff.getByLabel('Date of Birth')).toHaveValue('14/08/1965')
  await staff.getByRole('button', { name: 'Next' }).click()
  await staff.getByLabel('Total Receivable Amount').fill('420000')
  await staff.getByLabel('Paid Cash').fill('0')
  await staff.getByLabel('Bank Title').selectOption('MCB FIT')
  await staff.getByLabel('Paid In Bank').fill('0')
  await staff.getByLabel('Payable To Vendor').fill('380000')
  await staff.getByLabel('Vendor Name').selectOption('Umrah Wholesale')
  await staff.getByRole('button', { name: 'Submit' }).click()
  await expect(staff.getByText('Umrah booking saved')).toBeVisible()

  const mine = await page.request.get('/api/portal/requests', { headers: desk })
  const [request] = ((await mine.json()) as { requests: Array<{ status: string; booking: unknown }> })
    .requests
  expect(request).toMatchObject({
    status: 'booked',
    booking: { table: 'umrah', state: 'booked', amount: 420000 },
  })

  // Decision 134: the Umrah is on the agent's desk with its receipt, what it owes told apart.
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByLabel('Password').press('Enter')
  await expect(page).toHaveURL(/\/portal$/)
  const booked = page.getByTestId('portal-booked-umrah')
  await expect(booked).toContainText('21 days, Makkah 5 star · ISB-JED')
  await expect(booked).toContainText('01/02/2027 – 22/02/2027')
  await expect(booked).toContainText('AMINA BIBI')
  await expect(booked).toContainText('Remaining Rs 420,000')
  await expect(page.getByTestId('portal-booked-owed')).toHaveText('Rs 420,000')
  await expect(page.getByText('Umrah and Visa to pay')).toBeVisible()
  const download = page.waitForEvent('download')
  await booked.getByRole('button', { name: 'Receipt' }).click()
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await booked.scrollIntoViewIfNeeded()
  await shoot(page, 'portal-booked-umrah')
})
