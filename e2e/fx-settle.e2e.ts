import { formatDate, todayIso } from '@booking/shared'
import { expect, loginAs, test } from './fixtures.ts'
import { adminHeaders, dayRate, shoot, vendorIn } from './helpers.ts'

/**
 * Issue 34 items 4-5 on screen (decisions 122, 133): the Vendor form lists a dirham vendor's open
 * bills and the payment names the one it pays (a part of it); the toast says what it settled and the
 * realised difference. Month End revalues the foreign balances at the proposed (edited) rate and
 * shows what it restated; the Rates screen's exchange panel shows unrealised beside realised.
 */
test('a payment picks the bill it settles; month end revalues what stays open; both differences reported', async ({
  page,
}) => {
  const headers = await adminHeaders(page.request)
  const vendor = `Dubai Visas ${Date.now().toString(36)}`
  const today = todayIso()
  await dayRate(page.request, 'AED', '76.2', { date: today, source: 'open market' })
  await vendorIn(page.request, vendor, 'AED')
  const bill = async (detail: string, credit: number) => {
    const res = await page.request.post('/api/vender', {
      headers,
      data: { vender_name: vendor, date: today, detail, bank_title: 'Cash', credit, debit: 0, withdraw: 0 },
    })
    expect(res.status()).toBe(201)
    return ((await res.json()) as { vendor: { id: number } }).vendor.id
  }
  const first = await bill('Visas batch A', 1000)
  const second = await bill('Visas batch B', 500)

  // The payment: AED 600 of batch A, at 77 (Rs 800 more than the bill's 76.20: a loss).
  await loginAs(page, 'admin')
  await page.goto('/admin/vender')
  await page.getByRole('button', { name: 'Add New' }).click()
  await page.getByLabel('Vendor Name', { exact: true }).selectOption(vendor)
  const bills = page.getByRole('group', { name: 'Bills this payment settles' })
  await expect(bills).toContainText(`Row ${first} · ${formatDate(today)} · Visas batch A`)
  await expect(bills).toContainText('Open AED 1,000 of 1,000 (Rs 76,200 at 76.2)')
  await expect(bills).toContainText(`Row ${second}`)
  await expect(page.getByLabel('Rate (Rs per 1 AED)')).toHaveValue('76.2')
  await page.getByLabel('Rate (Rs per 1 AED)').fill('77')
  await page.getByLabel('Detail').fill('Batch A part paid')
  await page.getByLabel('Bank Title').selectOption('Cash')
  await page.getByLabel('Paid (Debit)', { exact: true }).fill('600')
  await bills.getByRole('checkbox', { name: `Row ${first} ·` }).check()
  await bills.getByLabel(`Part of row ${first} in AED`).fill('600')
  await shoot(page, 'fx-settle-vendor-form')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Vendor entry saved')).toBeVisible()
  await expect(page.getByText(`Settled row ${first}: AED 600; exchange loss Rs 480 (realised)`)).toBeVisible()

  // The server now answers the rest of batch A open.
  const open = await page.request.get(`/api/books/open-bills/vendor/${encodeURIComponent(vendor)}`, {
    headers,
  })
  const openBills = ((await open.json()) as { bills: { id: number; open: { amount: number } }[] }).bills
  expect(openBills).toEqual([
    expect.objectContaining({ id: second, open: expect.objectContaining({ amount: 500 }) }),
    expect.objectContaining({ id: first, open: expect.objectContaining({ amount: 400 }) }),
  ])

  // Month End: AED 900 still owed, restated at 78 (proposed 76.2, edited): Rs 1,620 more owed.
  await page.goto('/admin/monthEnd')
  const reval = page.getByRole('region', { name: 'Revalue foreign balances' })
  await expect(reval.getByLabel('Rate (Rs per 1 AED)')).toHaveValue('76.2')
  await reval.getByLabel('Rate (Rs per 1 AED)').fill('78')
  await reval.getByRole('button', { name: /Revalue as of/ }).click()
  const result = reval.getByTestId('revaluation-result')
  const row = result.getByRole('row', { name: new RegExp(vendor) })
  await expect(row).toContainText('AED -900')
  await expect(row).toContainText('Rs -68,580')
  await expect(row).toContainText('Rs -70,200')
  await expect(row).toContainText('Rs -1,620')
  // Other files' foreign balances (a riyal customer's, fx-sale) may be open on the same books:
  // the total names this vendor's account among them.
  await expect(result.getByTestId('revaluation-total')).toHaveText(
    /^\d+ accounts? restated: Rs -?[\d,]+(\.\d+)?$/,
  )
  await shoot(page, 'fx-settle-revaluation')

  // The exchange panel: the realised loss beside the month-end's unrealised one.
  const monthEnd =
    (await reval.getByRole('button', { name: /Revalue as of/ }).textContent())?.slice(-10) ?? ''
  await page.goto('/admin/rates')
  const card = page.getByRole('region', { name: 'Exchange differences' })
  await card.getByLabel('From').fill(today)
  await card.getByLabel('To').fill(monthEnd.split('/').reverse().join('-'))
  await card.getByRole('button', { name: 'Show differences' }).click()
  await expect(
    card.getByRole('table', { name: 'Realised', exact: true }).getByRole('row', { name: new RegExp(vendor) }),
  ).toContainText('Rs -480')
  await expect(
    card
      .getByRole('table', { name: 'Unrealised (revaluation)' })
      .getByRole('row', { name: new RegExp(vendor) }),
  ).toContainText('Rs -1,620')
  await shoot(page, 'fx-settle-exchange')
})

// Issue 34 item 3 for Office Accounts (decision 132): a bank kept in dirhams proposes AED and the
// day's rate; the amounts are typed in dirhams and the bank's statement shows them with the rupees.
test('an Office Accounts entry on a dirham bank is in dirhams at the day’s rate', async ({ page }) => {
  const headers = await adminHeaders(page.request)
  const bank = `Emirates NBD ${Date.now().toString(36)}`
  const today = todayIso()
  await dayRate(page.request, 'AED', '76.2', { date: today, source: 'open market' })
  expect(
    (
      await page.request.post('/api/admin/banks', { headers, data: { name: bank, currency: 'AED' } })
    ).status(),
  ).toBe(201)
  await loginAs(page, 'admin')
  await page.goto('/admin/officeAccount')
  await page.getByRole('combobox', { name: 'Bank', exact: true }).selectOption(bank)
  await page.getByRole('button', { name: 'Add New' }).click()
  await expect(page.getByLabel('Currency', { exact: true })).toHaveValue('AED')
  await expect(page.getByLabel('Rate (Rs per 1 AED)')).toHaveValue('76.2')
  await page.getByLabel('Detail').fill('Dirhams deposited')
  await page.getByLabel('Credit').fill('2500.50')
  await shoot(page, 'fx-office-form')
  await page.getByLabel('Credit').press('Enter')
  await expect(page.getByText('Entry saved')).toBeVisible()
  await expect(page.getByRole('row', { name: /Dirhams deposited/ })).toContainText('2,500.50')

  // The bank's statement: dirhams, the rate and the rupees (2,500.50 × 76.20 = Rs 190,538.10).
  await page.goto('/admin/statements')
  await page.getByLabel('Statement of').selectOption('bank')
  await page.getByLabel('Name', { exact: true }).selectOption(bank)
  await page.getByRole('button', { name: 'Show statement' }).click()
  const lines = page.getByRole('table', { name: 'Statement lines' })
  await expect(lines.getByRole('columnheader', { name: 'Balance AED' })).toBeVisible()
  const row = lines.getByRole('row', { name: /Dirhams deposited/ })
  await expect(row).toContainText('AED 2,500.50')
  await expect(row).toContainText('76.2')
  await expect(row).toContainText('Rs 190,538.10')
  await shoot(page, 'fx-office-statement')
})

// The Agent form names the charge a receipt settles the same way (decision 122), for an employee too,
// and applies an earlier advance with it (decision 122).
test('an employee’s agent receipt in dirhams names the charge it settles', async ({ page }) => {
  const headers = await adminHeaders(page.request)
  const agent = `Sharjah Travel ${Date.now().toString(36)}`
  const today = todayIso()
  await dayRate(page.request, 'AED', '76.2', { date: today, source: 'open market' })
  await page.request.post('/api/agent-names', { headers, data: { name: agent } })
  expect(
    (
      await page.request.put(`/api/agents/${encodeURIComponent(agent)}`, {
        headers,
        data: { currency: 'AED' },
      })
    ).status(),
  ).toBe(200)
  const charge = await page.request.post('/api/agent', {
    headers,
    data: {
      agent_name: agent,
      employee: 'admin',
      date: today,
      detail: 'Visa charges',
      debit: 250,
      credit: 0,
      paid_cash: 0,
      paid_bank: 0,
    },
  })
  expect(charge.status()).toBe(201)
  const id = ((await charge.json()) as { agent: { id: number } }).agent.id
  // An advance received earlier without naming the charge (decision 122): the form offers it.
  const early = await page.request.post('/api/agent', {
    headers,
    data: {
      agent_name: agent,
      employee: 'admin',
      date: today,
      detail: 'Advance received',
      debit: 0,
      credit: 100,
      paid_cash: 100,
      paid_bank: 0,
    },
  })
  expect(early.status()).toBe(201)
  const advance = ((await early.json()) as { agent: { id: number } }).agent.id

  await loginAs(page, 'employee')
  await page.goto('/agent')
  await page.getByRole('button', { name: 'Add New' }).click()
  await page.getByLabel('Agent Name', { exact: true }).selectOption(agent)
  const bills = page.getByRole('group', { name: 'Bills this payment settles' })
  await expect(bills).toContainText('Open AED 250 of 250 (Rs 19,050 at 76.2)')
  await expect(bills).toContainText(`Advance row ${advance} · ${formatDate(today)} · Advance received`)
  await expect(bills).toContainText('Left AED 100 of 100 (Rs 7,620 at 76.2)')
  await page.getByLabel('Rate (Rs per 1 AED)').fill('75')
  await page.getByLabel('Detail').fill('Visa charges received')
  await page.getByLabel('Received (Credit)', { exact: true }).fill('150')
  await page.getByLabel('Paid Cash').fill('150')
  await bills.getByRole('checkbox', { name: `Row ${id} ·` }).check()
  await bills.getByRole('checkbox', { name: `Advance row ${advance} ·` }).check()
  await shoot(page, 'fx-settle-advance')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Agent entry saved')).toBeVisible()
  // The advance's AED 100 at 76.20 (no difference) and AED 150 at 75 against a charge at 76.20:
  // Rs 180 less than billed.
  await expect(
    page.getByText(
      `Settled row ${id}: AED 100 (advance row ${advance}), row ${id}: AED 150; exchange loss Rs 180 (realised)`,
    ),
  ).toBeVisible()
  const after = await page.request.get(`/api/books/open-bills/agent/${encodeURIComponent(agent)}`, {
    headers,
  })
  expect(await after.json()).toMatchObject({ bills: [], advances: [] })
})

// A transfer between a rupee bank and a riyal bank (decision 143): rupees out, riyals in at the
// day's rate, each bank's Office Accounts list showing its side; the toast says what moved.
test('a transfer from a rupee bank to a riyal bank at the day’s rate', async ({ page }) => {
  const headers = await adminHeaders(page.request)
  const tag = Date.now().toString(36)
  const rupeeBank = `Meezan ${tag}`
  const riyalBank = `Al Rajhi ${tag}`
  const today = todayIso()
  await page.request.put('/api/admin/currencies/SAR', { headers, data: { enabled: true } })
  expect((await page.request.post('/api/admin/banks', { headers, data: { name: rupeeBank } })).status()).toBe(
    201,
  )
  expect(
    (
      await page.request.post('/api/admin/banks', { headers, data: { name: riyalBank, currency: 'SAR' } })
    ).status(),
  ).toBe(201)
  await page.request.post('/api/rates', {
    headers,
    data: { date: today, currency: 'SAR', rate: '74.85', source: 'open market' },
  })
  await loginAs(page, 'admin')
  await page.goto('/admin/officeAccount')
  await page.getByRole('combobox', { name: 'Bank', exact: true }).selectOption(rupeeBank)
  await page.getByRole('button', { name: 'Transfer' }).click()
  const dialog = page.getByRole('dialog', { name: 'Transfer between banks' })
  await expect(dialog.getByLabel('From bank')).toHaveValue(rupeeBank)
  await dialog.getByLabel('To bank').selectOption(riyalBank)
  await expect(dialog.getByLabel('Rate (Rs per 1 SAR)')).toHaveAttribute('placeholder', '74.85')
  await dialog.getByLabel('Amount sent (Rs)').fill('100000')
  await expect(dialog.getByLabel('Amount received (SAR)')).toBeVisible()
  await dialog.getByLabel('Detail').fill('For Makkah hotels')
  await shoot(page, 'fx-transfer-dialog')
  await dialog.getByLabel('Detail').press('Enter')
  await expect(page.getByText('Transfer saved')).toBeVisible()
  await expect(
    page.getByText(
      `Rs 100,000 out of ${rupeeBank}, SAR 1,336.01 into ${riyalBank} at 74.85; exchange gain Rs 0.35 (realised)`,
    ),
  ).toBeVisible()
  await expect(page.getByRole('row', { name: /Transfer to Al Rajhi/ })).toContainText('100,000')
  await page.getByRole('combobox', { name: 'Bank', exact: true }).selectOption(riyalBank)
  await expect(page.getByRole('row', { name: /Transfer from Meezan/ })).toContainText('1,336.01')
  await shoot(page, 'fx-transfer-list')
})
