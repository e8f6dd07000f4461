import { expect, loginAs, test } from './fixtures.ts'
import { adminHeaders, fillPassenger, openNewForm, pageAs, seedCustomer, shoot } from './helpers.ts'

// Issue 23 items 2 and 3: nothing typed is lost, merges keep details, every Umrah pilgrim (decisions 047, 048).

test('a dashed mobile number is saved in its one form, and a namesake is warned with a link', async ({
  page,
}) => {
  await seedCustomer(page.request, 'Dashed Namesake')
  await loginAs(page, 'employee')
  await page.getByRole('button', { name: 'Add Customer' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Customer' })
  await dialog.getByLabel('Name').fill('Dashed Namesake')
  await dialog.getByLabel('Mobile Number').fill('0300-7654321')
  // What the server will store is said before save.
  await expect(dialog.getByText('Saved as')).toContainText('03007654321')
  const warning = dialog.getByRole('status')
  await expect(warning).toContainText('Same name as')
  await expect(warning.getByRole('link', { name: /Dashed Namesake/ })).toHaveAttribute(
    'href',
    /\/customers\/\d+$/,
  )
  await shoot(page, 'forms-add-customer-employee')
  await dialog.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Customer added')).toBeVisible()

  const list = await (
    await page.request.get('/api/customers', { headers: await adminHeaders(page.request) })
  ).json()
  const saved = list.customers.filter((c: { name: string }) => c.name === 'Dashed Namesake')
  expect(saved.map((c: { mobile_number: string }) => c.mobile_number).sort()).toEqual([
    '03000000000',
    '03007654321',
  ])
})

test('a merge keeps the details only the merged customer had', async ({ page }) => {
  const headers = await adminHeaders(page.request)
  const add = async (data: Record<string, string>) =>
    (await (await page.request.post('/api/customers', { headers, data })).json()).customer as { id: number }
  const into = await add({ name: 'Keep Survivor', passport_number: 'KS1234567' })
  await add({ name: 'Keep Duplicate', mobile_number: '0345 1112223', address: 'Gulberg, Lahore' })

  await loginAs(page, 'admin')
  await page.goto('/admin/customers')
  await page.getByLabel('Search customers').fill('Keep Duplicate')
  await page
    .getByRole('row', { name: /Keep Duplicate/ })
    .getByRole('button', { name: 'Merge' })
    .click()
  const merge = page.getByRole('dialog', { name: 'Merge Customer' })
  await merge.getByLabel('Merge into').fill('Keep Survivor')
  await merge.getByRole('button', { name: /Keep Survivor/ }).click()
  await expect(merge.getByTestId('merge-kept-mobile_number')).toContainText('03451112223')
  await expect(merge.getByTestId('merge-kept-address')).toContainText('Gulberg, Lahore')
  await expect(merge.getByTestId('merge-kept-passport_number')).toContainText('KS1234567')
  await shoot(page, 'forms-merge-admin')
  await merge.getByRole('button', { name: 'Merge into Keep Survivor' }).click()
  await expect(merge).toBeHidden()

  const kept = (await (await page.request.get(`/api/customers/${into.id}`, { headers })).json()).customer
  expect(kept).toMatchObject({
    name: 'Keep Survivor',
    mobile_number: '03451112223',
    address: 'Gulberg, Lahore',
    passport_number: 'KS1234567',
  })
})

test('umrah: two adults give two pilgrim blocks, both saved and shown', async ({ page, browser }) => {
  const headers = await adminHeaders(page.request)
  await seedCustomer(page.request, 'Pilgrim Family')
  await page.request.post('/api/vender-names', { headers, data: { name: 'Pilgrim Vendor' } })
  const staff = await pageAs(browser, 'employee')
  await openNewForm(staff, '/umrah', 'New Umrah Booking')
  await staff.getByLabel('Customer').selectOption('Pilgrim Family')
  await staff.getByLabel('Reference').fill('UMR-2P')
  await staff.getByLabel('Package Detail').fill('14 days')
  await staff.getByLabel('Depart Date').fill('2027-02-01')
  await staff.getByLabel('Return Date').fill('2027-02-15')
  await staff.getByLabel('Sector').fill('LHE-JED')
  await staff.getByLabel('Airline').fill('PIA')
  await staff.getByLabel('Adults').fill('2')
  await staff.getByRole('button', { name: 'Next' }).click()

  const blocks = staff.getByRole('group', { name: /Passenger \d Details/ })
  await expect(blocks).toHaveCount(2)
  const pilgrim = (firstName: string, documentNo: string) => ({
    title: 'Mr',
    firstName,
    lastName: 'Haji',
    dob: '1972-03-04',
    nationality: 'Pakistani',
    documentNo,
    documentExpiry: '2031-01-01',
    issueCountry: 'Pakistan',
  })
  await fillPassenger(
    staff.getByRole('group', { name: 'Passenger 1 Details' }),
    pilgrim('Yousuf', 'YH1000001'),
  )
  await fillPassenger(
    staff.getByRole('group', { name: 'Passenger 2 Details' }),
    pilgrim('Idrees', 'IH1000002'),
  )
  await shoot(staff, 'forms-umrah-pilgrims-employee')
  await staff.getByRole('button', { name: 'Next' }).click()
  // Paid In Bank starts at 0: a cash booking has nothing to type there.
  await expect(staff.getByLabel('Paid In Bank')).toHaveValue('0')
  await staff.getByLabel('Total Receivable Amount').fill('500000')
  await staff.getByLabel('Paid Cash').fill('100000')
  await staff.getByLabel('Payable To Vendor').fill('450000')
  await staff.getByLabel('Vendor Name').selectOption('Pilgrim Vendor')
  await staff.getByRole('button', { name: 'Submit' }).click()
  await expect(staff.getByText('Umrah booking saved')).toBeVisible()

  const row = staff.getByRole('row', { name: /Pilgrim Family/ })
  await expect(row).toContainText('2 Adults')
  // Both pilgrims reach the passenger file; the Umrah list shows both names in its passport view.
  for (const no of ['YH1000001', 'IH1000002']) {
    const file = await page.request.get(`/api/passengers/${no}`, { headers })
    expect(file.status()).toBe(200)
  }
  await row.getByRole('button', { name: 'Request correction' }).click()
  await staff.getByRole('button', { name: /Passport Details/ }).click()
  await expect(
    staff.getByRole('group', { name: 'Passenger 2 Details' }).getByLabel('First Name'),
  ).toHaveValue('Idrees')
  await staff.context().close()
})
