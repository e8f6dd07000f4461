import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { expect, test } from './fixtures.ts'
import { shoot } from './helpers.ts'

/**
 * Issue 37 item 3 "Must show": an HBL-style and a Meezan-style statement file (title rows,
 * opening, totals, closing) import without editing and reconcile to 0 with the bank's opening
 * posted from the screen; an import is undone with its matches.
 */

const REPO = resolve(import.meta.dirname, '..')
const SHARED = process.env.BANK_FIXTURES ?? join(REPO, '../shared/fixtures/bank-statements')
const FILES = {
  hbl: { name: 'hbl-style.csv', path: join(SHARED, 'hbl-style.csv') },
  meezan: { name: 'meezan-style.csv', path: join(REPO, 'e2e/fixtures/bank-statements/meezan-style.csv') },
}

const cases = [
  {
    file: FILES.hbl,
    bank: 'HBL Export',
    // What the books already have of the statement (found automatically on import).
    books: [
      { date: '2026-11-28', detail: 'Muhammad Akram Umrah package', credit: 200_000 },
      { date: '2026-11-28', detail: 'Imran Khan cash deposit', credit: 40_000 },
      { date: '2026-11-28', detail: 'Ayesha Siddiqui Raast', credit: 38_000 },
      { date: '2026-11-28', detail: 'Al Noor Travels IBFT', credit: 200_000 },
    ],
    charge: 'SMS ALERT & ACCOUNT MAINT CHARGES INCL FED',
    counts: { lines: '5', matched: '4', unmatched: '1' },
    opening: { text: 'Rs 1,245,300 on 28/11/2026', entry: '27/11/2026' },
    balance: '1,722,725',
  },
  {
    file: FILES.meezan,
    bank: 'Meezan Export',
    books: [
      { date: '2026-11-26', detail: 'Zahid Hussain Umrah December', credit: 165_000 },
      { date: '2026-11-27', detail: 'Saudi visa fee cheque 00381245', debit: 48_000 },
      { date: '2026-11-27', detail: 'Sana Bibi GAMCA', credit: 12_500 },
    ],
    charge: 'MEEZAN DEBIT CARD CHARGES INCL FED',
    counts: { lines: '4', matched: '3', unmatched: '1' },
    opening: { text: 'Rs 612,450 on 26/11/2026', entry: '25/11/2026' },
    balance: '740,800',
  },
]

for (const c of cases)
  test(`a ${c.file.name} statement imports as the bank exported it and reconciles to 0 with its opening posted`, async ({
    page,
    as,
    api,
    seed,
  }) => {
    const bankName = `${c.bank} ${Date.now().toString(36).slice(-4)}`
    await api.post('/admin/banks', { name: bankName })
    for (const b of c.books)
      await seed.record('account_entries', { bank_name: bankName, credit: 0, debit: 0, ...b })

    await as('admin')
    await page.goto('/admin/bankReconciliation')
    // No bank is chosen for the person (issue 37 item 4).
    await expect(page.getByLabel('Bank', { exact: true })).toHaveValue('')
    await expect(page.getByText('Choose the bank whose statement you are reconciling.')).toBeVisible()
    await page.getByLabel('Bank', { exact: true }).selectOption(bankName)
    await page.getByRole('tab', { name: 'Import statement' }).click()
    await page.getByLabel('Statement file (CSV or Excel)').setInputFiles({
      name: c.file.name,
      mimeType: 'text/csv',
      buffer: readFileSync(c.file.path),
    })
    // The heading row below the bank's title block is found; nothing to choose or edit.
    await expect(page.getByTestId('mapping-source')).toHaveText(
      'Columns guessed from the headings: check them.',
    )
    await shoot(page, `bankexports-${c.bank.split(' ')[0]?.toLowerCase()}-import`)
    await page.getByRole('button', { name: 'Import', exact: true }).click()

    // The reconciliation opens on the bank just imported, with the counts.
    await expect(page.getByRole('tab', { name: 'Reconcile' })).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByLabel('Bank', { exact: true })).toHaveValue(/\d+/)
    await expect(page.getByTestId('import-lines')).toHaveText(c.counts.lines)
    await expect(page.getByTestId('import-matched')).toHaveText(c.counts.matched)
    await expect(page.getByTestId('import-unmatched')).toHaveText(c.counts.unmatched)
    await expect(page.getByTestId('statement-balance')).toHaveText(c.balance)
    const offer = page.getByRole('region', { name: 'Opening balance' })
    await expect(offer).toContainText(`The statement opens at ${c.opening.text}`)
    await expect(offer).toContainText('the books hold Rs 0')

    // The charge the books lack, posted from its line.
    await page.getByRole('button', { name: `Post ${c.charge} to the books` }).click()
    const post = page.getByRole('dialog', { name: 'Post to the books' })
    await expect(post.getByLabel('Post as')).toHaveValue('charge')
    await post.getByLabel('Detail').press('Enter')
    await expect(post).toBeHidden()
    await shoot(page, `bankexports-${c.bank.split(' ')[0]?.toLowerCase()}-opening`)

    // The opening, posted from the screen after a confirmation naming the amount and day.
    await offer.getByRole('button', { name: 'Post opening balance' }).click()
    const confirm = page.getByRole('dialog', { name: 'Post opening balance' })
    await expect(confirm).toContainText(`dated ${c.opening.entry}`)
    await confirm.getByRole('button', { name: 'Post opening balance' }).click()
    await expect(confirm).toBeHidden()
    await expect(offer).toHaveCount(0)
    await expect(page.getByTestId('difference')).toHaveText('0')
    await expect(page.getByTestId('book-balance')).toHaveText(c.balance)
    await expect(page.getByText('Every line is explained')).toBeVisible()
    await shoot(page, `bankexports-${c.bank.split(' ')[0]?.toLowerCase()}-reconciled`)
  })

test('an import is undone with its matches, and the file may be imported again', async ({
  page,
  as,
  api,
  seed,
}) => {
  const bankName = `Undo Export ${Date.now().toString(36).slice(-4)}`
  await api.post('/admin/banks', { name: bankName })
  await seed.record('account_entries', {
    bank_name: bankName,
    date: '2026-11-26',
    detail: 'Zahid Hussain Umrah December',
    credit: 165_000,
    debit: 0,
  })
  await as('admin')
  await page.goto('/admin/bankReconciliation')
  await page.getByLabel('Bank', { exact: true }).selectOption(bankName)
  await page.getByRole('tab', { name: 'Import statement' }).click()
  const choose = () =>
    page.getByLabel('Statement file (CSV or Excel)').setInputFiles({
      name: FILES.meezan.name,
      mimeType: 'text/csv',
      buffer: readFileSync(FILES.meezan.path),
    })
  await choose()
  await page.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(page.getByTestId('import-matched')).toHaveText('1')
  await expect(page.getByTestId('match-row')).toHaveCount(1)

  await page.getByRole('tab', { name: 'Import statement' }).click()
  const row = page.getByTestId('import-row').filter({ hasText: FILES.meezan.name })
  await expect(row).toContainText('opening 612,450')
  await expect(row).toContainText('closing 740,800')
  await row.getByRole('button', { name: `Undo import of ${FILES.meezan.name}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Undo import' })
  await shoot(page, 'bankexports-undo')
  await dialog.getByRole('button', { name: 'Undo import' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Import undone: 4 statement lines and 1 match removed')).toBeVisible()
  await expect(page.getByTestId('import-row')).toHaveCount(0)
  await page.getByRole('tab', { name: 'Reconcile' }).click()
  await expect(page.getByText('No matches yet')).toBeVisible()

  // Imported again: every line is new again and the deposit matches again.
  await page.getByRole('tab', { name: 'Import statement' }).click()
  await choose()
  await page.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(page.getByTestId('import-duplicates')).toHaveText('0')
  await expect(page.getByTestId('import-matched')).toHaveText('1')
})
