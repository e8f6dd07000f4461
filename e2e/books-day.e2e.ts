import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, loginAs, test } from './fixtures.ts'
import { adminHeaders, fillPassenger, openNewForm, seedCustomer, shoot } from './helpers.ts'

/**
 * Issue 13's realistic agency day, entered through the web app by an admin: one of each money
 * form, an agent receipt, a vendor payment and later customer payments. At the end every bank
 * ledger, Cash in Office and the trial balance must show the figures computed here by hand.
 * The day uses banks, an agent and a vendor of its own, so other tests' entries do not move its
 * figures; Cash in Office is shared, so the test checks how much the day moved it.
 */

const sfx = Date.now().toString(36).slice(-5)
const BANK_A = `Day Bank A ${sfx}`
const BANK_B = `Day Bank B ${sfx}`
const AGENT = `Day Agent ${sfx}`
const VENDOR = `Day Vendor ${sfx}`
const CUSTOMER = `Day Customer ${sfx}`

const PASSENGER = {
  title: 'Mr',
  firstName: 'Bilal',
  lastName: 'Ahmed',
  dob: '1988-03-10',
  nationality: 'Pakistani',
  documentNo: 'DY1234567',
  documentExpiry: '2032-03-09',
  issueCountry: 'Pakistan',
}

/** Rupees as the screens write them: thousands separators, no decimals for whole rupees. */
const rs = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 })

/** The day's money by hand: what lands in each bank and in the office cash. */
const DAY = {
  ticket: { receivable: 100_000, cash: 20_000, bank: 30_000, payable: 80_000 },
  umrah: { receivable: 150_000, cash: 0, bank: 100_000, payable: 120_000 },
  visa: { receivable: 50_000, cash: 10_000, bank: 25_000 },
  gamca: { receivable: 18_000, cash: 5_000, bank: 3_000, profit: 2_500 },
  services: { receivable: 20_000, cash: 5_000, bank: 10_000, profit: 3_000 },
  navtcc: { receivable: 30_000, cash: 10_000, bank: 10_000, payedToBank: 20_000 },
  agentReceipt: 40_000,
  vendorPayment: 50_000,
  ticketPayment: 20_000,
  visaPayment: 5_000,
}
const BANK_A_BALANCE = DAY.ticket.bank + DAY.visa.bank + DAY.services.bank + DAY.ticketPayment
const BANK_B_BALANCE = DAY.umrah.bank + DAY.gamca.bank + DAY.navtcc.bank - DAY.vendorPayment
const OPENING_CASH = 10_000
const CASH_MOVED =
  OPENING_CASH +
  DAY.ticket.cash +
  DAY.umrah.cash +
  DAY.visa.cash +
  DAY.gamca.cash +
  DAY.services.cash +
  DAY.navtcc.cash +
  DAY.agentReceipt +
  DAY.visaPayment

/** The Balance column of Office Accounts' newest row for an account (the list is newest first). */
const ledgerBalance = async (page: Page, account: string) => {
  await page.goto('/admin/officeAccount')
  await expect(page.getByRole('heading', { name: 'Office Accounts' })).toBeVisible()
  await page.getByRole('combobox', { name: 'Bank' }).selectOption(account)
  const table = page.getByRole('region', { name: 'Office Accounts table' })
  const first = table.getByRole('row').nth(1)
  await expect(first).toBeVisible()
  return first
}

/** Cash in Office's balance now, read from its ledger (0 while it has no line). */
const cashInOffice = async (page: Page) => {
  const first = await ledgerBalance(page, 'Cash in Office')
  if (await page.getByText('No data available').isVisible()) return 0
  const cells = await first.getByRole('cell').allTextContents()
  return Number((cells[7] ?? '0').replace(/,/g, ''))
}

// A step that cannot find its control fails in seconds, not at the end of the day's long timeout.
test.use({ actionTimeout: 15_000 })

const submitAndSee = async (page: Page, row: RegExp) => {
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByRole('row', { name: row }).first()).toBeVisible()
}

test('a realistic day closes: bank ledgers, Cash in Office and the trial balance match the hand figures', async ({
  page,
}) => {
  test.setTimeout(240_000)
  const headers = await adminHeaders(page.request)
  for (const name of [BANK_A, BANK_B])
    expect((await page.request.post('/api/admin/banks', { headers, data: { name } })).status()).toBe(201)
  await page.request.post('/api/agent-names', { headers, data: { name: AGENT } })
  await page.request.post('/api/vender-names', { headers, data: { name: VENDOR } })
  await seedCustomer(page.request, CUSTOMER)

  await loginAs(page, 'admin')
  const cashBefore = await cashInOffice(page)

  // The drawer's opening cash, typed on Cash in Office like a bank's opening balance.
  await page.getByRole('button', { name: 'Add New' }).click()
  await expect(page.getByLabel('Bank', { exact: true })).toHaveValue('Cash in Office')
  await page.getByLabel('Opening Balance').check()
  await page.getByLabel('Date').fill('2026-01-01')
  await page.getByLabel('Detail').fill(`Opening cash ${sfx}`)
  await page.getByLabel('Balance', { exact: true }).fill(String(OPENING_CASH))
  await page.getByRole('button', { name: 'Submit' }).click()
  const opening = page.getByRole('row', { name: new RegExp(`Opening cash ${sfx}`) })
  await expect(opening.getByRole('cell').nth(5)).toHaveText(rs(OPENING_CASH))

  // Ticket, through an agent: part cash, part Bank A.
  await openNewForm(page, '/admin/tickets', 'New Ticket', 'Tickets')
  await page.getByLabel('Customer').selectOption(CUSTOMER)
  await page.getByLabel('Reference').fill(`TK-${sfx}`)
  await page.getByLabel('Depart Date').fill('2027-01-15')
  await page.getByLabel('Sector').fill('LHE-DXB')
  await page.getByLabel('Airline').fill('Emirates')
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByRole('button', { name: /Passengers/ }).click()
  await page.getByRole('button', { name: 'Add one to Adults' }).click()
  await page.getByRole('button', { name: 'Done' }).click()
  await fillPassenger(page.getByRole('group', { name: 'Passenger 1 Details' }), {
    title: 'Mr',
    firstName: 'Bilal',
    lastName: 'Ahmed',
    documentType: 'Passport',
    documentNo: 'DY1234567',
  })
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByLabel('Total Receivable Amount').fill(String(DAY.ticket.receivable))
  await page.getByLabel('Agent Name').selectOption(AGENT)
  await page.getByLabel('Paid Cash').fill(String(DAY.ticket.cash))
  await page.getByLabel('Bank Title').selectOption(BANK_A)
  await page.getByLabel('Paid In Bank').fill(String(DAY.ticket.bank))
  await page.getByLabel('Payable To Vendor').fill(String(DAY.ticket.payable))
  await page.getByLabel('Vendor Name').selectOption(VENDOR)
  await submitAndSee(page, new RegExp(CUSTOMER))

  // Umrah for a walk-in customer: all by Bank B.
  await openNewForm(page, '/admin/umrah', 'New Umrah Booking', 'Umrah')
  await page.getByLabel('Customer').selectOption(CUSTOMER)
  await page.getByLabel('Reference').fill(`UM-${sfx}`)
  await page.getByLabel('Package Detail').fill('15 days, Makkah 4 star')
  await page.getByLabel('Depart Date').fill('2027-02-01')
  await page.getByLabel('Return Date').fill('2027-02-15')
  await page.getByLabel('Sector').fill('LHE-JED')
  await page.getByLabel('Airline').fill('Saudia')
  await page.getByRole('button', { name: 'Next' }).click()
  await fillPassenger(page, { ...PASSENGER, documentType: 'Passport' })
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByLabel('Total Receivable Amount').fill(String(DAY.umrah.receivable))
  await page.getByLabel('Paid Cash').fill(String(DAY.umrah.cash))
  await page.getByLabel('Bank Title').selectOption(BANK_B)
  await page.getByLabel('Paid In Bank').fill(String(DAY.umrah.bank))
  await page.getByLabel('Payable To Vendor').fill(String(DAY.umrah.payable))
  await page.getByLabel('Vendor Name').selectOption(VENDOR)
  await submitAndSee(page, new RegExp(CUSTOMER))

  // Visa: the new bank select, required once Paid In Bank is above 0.
  await openNewForm(page, '/admin/visa', 'New Visa Processing')
  await page.getByLabel('File Number').fill(`VF-${sfx}`)
  await page.getByLabel('Sponsor Name').fill(`Sponsor ${sfx}`)
  await page.getByLabel('Customer').selectOption(CUSTOMER)
  await page.getByRole('button', { name: 'Payment Details' }).click()
  await page.getByLabel('Receivable Amount').fill(String(DAY.visa.receivable))
  await page.getByLabel('Paid Cash').fill(String(DAY.visa.cash))
  await page.getByLabel('Paid In Bank').fill(String(DAY.visa.bank))
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Bank Title is required')).toBeVisible()
  await shoot(page, 'books-visa-bank-required')
  await page.getByLabel('Bank Title').selectOption(BANK_A)
  await shoot(page, 'books-visa-bank-select')
  await submitAndSee(page, new RegExp(`Sponsor ${sfx}`))

  // GAMCA: Bank B under GAMCA's own bank title.
  await openNewForm(page, '/admin/gamcaToken', 'New GAMCA Token')
  await page.getByLabel('Customer').selectOption(CUSTOMER)
  await page.getByLabel('Reference').fill(`GM-${sfx}`)
  await page.getByLabel('Country').fill('Saudi Arabia')
  await page.getByRole('button', { name: 'Next' }).click()
  await fillPassenger(page, { ...PASSENGER, documentNo: 'DY7654321' })
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByLabel('Receivable Amount').fill(String(DAY.gamca.receivable))
  await page.getByLabel('Paid Cash').fill(String(DAY.gamca.cash))
  await page.getByLabel('Bank Title').selectOption({ label: BANK_B })
  await page.getByLabel('Paid In Bank').fill(String(DAY.gamca.bank))
  await page.getByLabel('Profit').fill(String(DAY.gamca.profit))
  await submitAndSee(page, new RegExp(`GM-${sfx}|${CUSTOMER}`))

  // Services into Bank A.
  await openNewForm(page, '/admin/services', 'New Service')
  await page.getByLabel('Customer Address').selectOption(CUSTOMER)
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByLabel('Specific Detail').fill(`Attestation ${sfx}`)
  await page.getByLabel('Visa Type').selectOption('VISIT VISA')
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByLabel('Receivable Amount').fill(String(DAY.services.receivable))
  await page.getByLabel('Paid Cash').fill(String(DAY.services.cash))
  await page.getByLabel('Paid In Bank').fill(String(DAY.services.bank))
  await page.getByLabel('Bank Title').selectOption(BANK_A)
  await page.getByLabel('Profit').fill(String(DAY.services.profit))
  await submitAndSee(page, new RegExp(CUSTOMER))

  // NAVTCC into Bank B, owing the vendor what goes to the bank.
  await openNewForm(page, '/admin/navtcc', 'New NAVTCC', 'Navtcc')
  await page.getByLabel('Customer Address').selectOption(CUSTOMER)
  await page.getByLabel('Reference').fill(`NV-${sfx}`)
  await page.getByLabel('Airline').fill('PIA')
  await page.getByRole('button', { name: 'Next' }).click()
  await fillPassenger(page, { ...PASSENGER, documentNo: 'DY1112223' })
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByLabel('Receivable Amount').fill(String(DAY.navtcc.receivable))
  await page.getByLabel('Paid Cash').fill(String(DAY.navtcc.cash))
  await page.getByLabel('Paid In Bank').fill(String(DAY.navtcc.bank))
  await page.getByLabel('Paid From Bank').selectOption(BANK_B)
  await page.getByLabel('Paid To Bank').fill(String(DAY.navtcc.payedToBank))
  await page.getByLabel('Vendor Name').selectOption(VENDOR)
  await submitAndSee(page, new RegExp(CUSTOMER))

  // The agent brings 40,000 in cash.
  await openNewForm(page, '/admin/agent', 'AGENT FORM')
  await page.getByLabel('Agent Name').selectOption(AGENT)
  await page.getByLabel('Detail').fill(`Cash received ${sfx}`)
  await page.getByLabel('Received (Credit)').fill(String(DAY.agentReceipt))
  await page.getByLabel('Paid Cash').fill(String(DAY.agentReceipt))
  await submitAndSee(page, new RegExp(`Cash received ${sfx}`))

  // The vendor is paid 50,000 from Bank B.
  await openNewForm(page, '/admin/vender', 'VENDOR FORM')
  await page.getByLabel('Vendor Name', { exact: true }).selectOption(VENDOR)
  await page.getByLabel('Detail').fill(`Paid by transfer ${sfx}`)
  await page.getByLabel('Bank Title').selectOption(BANK_B)
  await shoot(page, 'books-vendor-form')
  await page.getByLabel('Paid (Debit)', { exact: true }).fill(String(DAY.vendorPayment))
  await submitAndSee(page, new RegExp(`Paid by transfer ${sfx}`))

  // Later customer payments: the ticket's into Bank A, the visa's in cash.
  await page.goto('/admin/tickets')
  const ticketRow = page.getByRole('row', { name: new RegExp(`${CUSTOMER}`) }).first()
  await expect(ticketRow).toContainText(rs(DAY.ticket.receivable - DAY.ticket.cash - DAY.ticket.bank))
  await ticketRow.getByRole('button', { name: 'Receive Payment' }).click()
  const dialog = page.getByRole('dialog', { name: 'Receive Payment' })
  await expect(dialog.getByLabel('Amount')).toHaveValue('50000')
  // Overpaying is refused on the amount.
  await dialog.getByLabel('Amount').fill('50001')
  await dialog.getByRole('button', { name: 'Receive Payment' }).click()
  await expect(dialog.getByText(/Amount cannot exceed the Remaining Amount/)).toBeVisible()
  await dialog.getByLabel('Received In').selectOption('bank')
  await dialog.getByLabel('Bank Title').selectOption(BANK_A)
  await dialog.getByLabel('Amount').fill(String(DAY.ticketPayment))
  await dialog.getByLabel('Note').fill('Balance by transfer')
  await shoot(page, 'books-payment-dialog')
  await dialog.getByRole('button', { name: 'Receive Payment' }).click()
  await expect(page.getByText(/Payment received: Receipt \d+/)).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(ticketRow).toContainText(
    rs(DAY.ticket.receivable - DAY.ticket.cash - DAY.ticket.bank - DAY.ticketPayment),
  )
  // The dialog lists it.
  await ticketRow.getByRole('button', { name: 'Receive Payment' }).click()
  await expect(dialog.getByRole('region', { name: 'Payments table' })).toContainText('Balance by transfer')
  await expect(dialog.getByRole('region', { name: 'Payments table' })).toContainText(rs(DAY.ticketPayment))
  await shoot(page, 'books-payment-dialog-list')
  await dialog.getByRole('button', { name: 'Cancel' }).click()

  // A ticket with a payment is not deleted: the dialog says why.
  await ticketRow.getByRole('button', { name: 'Delete' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete Confirmation' })
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(confirm.getByText('This record has payments; delete its payments first')).toBeVisible()
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  // Its edit view counts the payment in Remaining Amount and lists it.
  await ticketRow.getByRole('button', { name: 'Edit' }).click()
  await expect(page.getByRole('heading', { name: 'Update Ticket' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Payments table' })).toContainText('Balance by transfer')
  // Each payment's Receipt button downloads its receipt PDF.
  const [receipt] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('region', { name: 'Payments table' })
      .getByRole('button', { name: /^Receipt Receipt / })
      .click(),
  ])
  expect(receipt.suggestedFilename()).toMatch(/^receipt-Receipt.*\.pdf$/)
  expect(
    readFileSync(await receipt.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-')
  await shoot(page, 'books-payments-panel')
  await page.getByRole('button', { name: 'Payment Details' }).click()
  await expect(page.getByLabel('Remaining Amount')).toHaveValue(
    rs(DAY.ticket.receivable - DAY.ticket.cash - DAY.ticket.bank - DAY.ticketPayment),
  )
  await page.getByRole('button', { name: 'Cancel' }).click()

  await page.goto('/admin/visa')
  const visaRow = page.getByRole('row', { name: new RegExp(`Sponsor ${sfx}`) })
  await visaRow.getByRole('button', { name: 'Receive Payment' }).click()
  await dialog.getByLabel('Amount').fill(String(DAY.visaPayment))
  await dialog.getByRole('button', { name: 'Receive Payment' }).click()
  await expect(dialog).toBeHidden()
  await expect(visaRow).toContainText(
    rs(DAY.visa.receivable - DAY.visa.cash - DAY.visa.bank - DAY.visaPayment),
  )

  // The books: each bank's ledger, Cash in Office, and the trial balance.
  const bankA = await ledgerBalance(page, BANK_A)
  await expect(bankA.getByRole('cell').nth(7)).toHaveText(rs(BANK_A_BALANCE))
  await expect(page.getByRole('region', { name: 'Office Accounts table' }).getByRole('row')).toHaveCount(
    1 + 4,
  )
  const bankB = await ledgerBalance(page, BANK_B)
  await expect(bankB.getByRole('cell').nth(7)).toHaveText(rs(BANK_B_BALANCE))
  await expect(page.getByRole('region', { name: 'Office Accounts table' }).getByRole('row')).toHaveCount(
    1 + 4,
  )
  expect(await cashInOffice(page)).toBe(cashBefore + CASH_MOVED)
  await shoot(page, 'books-cash-in-office')

  await page.goto('/admin/trialBalance')
  await expect(page.getByRole('heading', { name: 'Trial Balance' })).toBeVisible()
  const tb = page.getByRole('region', { name: 'Trial Balance table' })
  const tbBalance = (name: string) =>
    tb
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('cell')
      .nth(5)
  await expect(tbBalance(BANK_A)).toHaveText(rs(BANK_A_BALANCE))
  await expect(tbBalance(BANK_B)).toHaveText(rs(BANK_B_BALANCE))
  await expect(tbBalance('Cash in Office')).toHaveText(rs(cashBefore + CASH_MOVED))
  // The vendor is owed what the three bookings cost, less what was paid it.
  await expect(tbBalance(VENDOR)).toHaveText(
    rs(-(DAY.ticket.payable + DAY.umrah.payable + DAY.navtcc.payedToBank - DAY.vendorPayment)),
  )
  // The agent's ticket: what it still owed, less its later payment and the cash it brought.
  await expect(tbBalance(AGENT)).toHaveText(
    rs(DAY.ticket.receivable - DAY.ticket.cash - DAY.ticket.bank - DAY.ticketPayment - DAY.agentReceipt),
  )
  const total = tb.getByRole('row', { name: /Total/ }).last().getByRole('cell')
  await expect(total.nth(3)).toHaveText(
    await total
      .nth(4)
      .textContent()
      .then((t) => t ?? ''),
  )
  await expect(page.getByText('Debits equal credits.')).toBeVisible()
  await expect(page.getByTestId('books-mark')).toHaveText('Books balanced')
  await shoot(page, 'books-trial-balance')

  await page.goto('/admin/dashboard')
  await expect(page.getByTestId('books-mark')).toHaveText('Books balanced')
})
