import { apiToken, loginAs, test } from './fixtures.ts'

const dir = '/tmp/shots-expense'
test('shots', async ({ page, browser, request }) => {
  const token = await apiToken(request, 'admin')
  const headers = { Authorization: `Bearer ${token}` }
  await request.post('/api/expenses', { headers, data: { user_name: 'x', date: '2026-01-02', detail: 'Monthly office rent for the main branch', total_amount: 1234567.89, selection: 'OFFICE EXPENSE', withdraw: 50000 } })
  await request.post('/api/refunded', { headers, data: { employee: 'x', date: '2026-01-03', name: 'Ayesha Malik', passport: 'PK1', reference: 'R1', paid_fee_date: '2026-01-04', paid_refund_date: null, total_balance: 250000.5 } })
  await request.post('/api/services', { headers, data: { user_name: 'x', customer_add: 'Lahore', booking_date: '2026-01-05', specific_detail: 'Attestation', visa_type: 'OTHERS', receivable_amount: 100000, paid_cash: 40000, paid_in_bank: 10000, profit: 5000 } })
  for (const role of ['employee', 'admin'] as const) {
    const ctx = await browser.newContext()
    const p = await ctx.newPage()
    await loginAs(p, role)
    const pre = role === 'admin' ? '/admin' : ''
    for (const w of [1366, 375]) {
      await p.setViewportSize({ width: w, height: 800 })
      for (const area of ['expense', 'refunded', 'services']) {
        await p.goto(`${pre}/${area}`)
        await p.getByRole('button', { name: 'Add New' }).waitFor()
        await p.waitForTimeout(400)
        await p.screenshot({ path: `${dir}/${role}-${w}-${area}-list.png`, fullPage: true })
        await p.getByRole('button', { name: 'Add New' }).click()
        await p.waitForTimeout(300)
        if (area === 'services') {
          await p.getByLabel('Customer Address').fill('Street 1, Lahore')
          await p.getByRole('button', { name: 'Next' }).click()
          await p.getByLabel('Specific Detail').fill('Attestation')
          await p.getByLabel('Visa Type').selectOption('OTHERS')
          await p.getByRole('button', { name: 'Payment Details' }).click()
          await p.getByLabel('Receivable Amount').fill('1000')
          await p.getByLabel('Paid Cash').fill('1500')
          await p.getByRole('button', { name: 'Submit' }).click()
          await p.waitForTimeout(300)
        }
        await p.screenshot({ path: `${dir}/${role}-${w}-${area}-form.png`, fullPage: true })
      }
    }
    await ctx.close()
  }
})
