import { join } from 'node:path'
import { MRZ_SPECIMENS } from '@booking/shared/mrz-specimens'
import { expect, test } from './fixtures.ts'
import { openNewForm, seedCustomer, shoot } from './helpers.ts'

/** The clean synthetic data page of the project's Pakistani specimen (bench/passport-samples.ts). */
const PHOTO = join(import.meta.dirname, 'fixtures/passports/passport-01.jpg')

test('ticket: a passport photo is read in the browser, confirmed, and fills the passenger block', async ({
  page,
  as,
  baseURL,
}) => {
  // OCR of one page in the browser takes seconds on the shared machine.
  test.setTimeout(90_000)
  const elsewhere: string[] = []
  page.on('request', (req) => {
    if (!req.url().startsWith(baseURL as string) && !/^(data|blob):/.test(req.url()))
      elsewhere.push(req.url())
  })
  await seedCustomer(page.request, 'Photo Traders')
  await as('employee')
  await openNewForm(page, '/tickets', 'New Ticket')
  await page.getByLabel('Customer').selectOption('Photo Traders')
  await page.getByLabel('Depart Date').fill('2026-12-20')
  await page.getByLabel('Sector').fill('LHE-JED')
  await page.getByLabel('Airline').fill('PIA')
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByRole('button', { name: /Passengers/ }).click()
  await page.getByRole('button', { name: 'Add one to Adults' }).click()
  await page.getByRole('button', { name: 'Done' }).click()
  const block = page.getByRole('group', { name: 'Passenger 1 Details' })
  await shoot(page, 'mrz-photo-control')

  // A photo of something else (this very form): no zone is found, and the dialog says so.
  const notPassport = await page.screenshot()
  await block
    .getByLabel('Passport Photo')
    .setInputFiles({ name: 'form.png', mimeType: 'image/png', buffer: notPassport })
  const dialog = page.getByRole('dialog', { name: 'Passport Photo' })
  await expect(dialog.getByRole('status')).toContainText(/Loading the passport reader|Reading the MRZ/)
  await expect(dialog.getByRole('alert')).toContainText('No passport MRZ was found in the photo', {
    timeout: 60_000,
  })
  await shoot(page, 'mrz-photo-none')

  await dialog.getByLabel('Choose Another Photo').setInputFiles(PHOTO)
  const lines = dialog.getByLabel('MRZ lines')
  await expect(lines).toHaveValue(MRZ_SPECIMENS.pakistan.join('\n'), { timeout: 60_000 })
  const read = dialog.getByRole('definition')
  await expect(read).toContainText([
    'KHAN',
    'MUHAMMAD ALI',
    'AB1234562',
    'Pakistan',
    '14/03/1985',
    'Male',
    '22/07/2030',
  ])
  await shoot(page, 'mrz-photo-confirm')

  await dialog.getByRole('button', { name: 'Fill Passenger' }).click()
  await expect(dialog).toBeHidden()
  await expect(block.getByLabel('First Name')).toHaveValue('MUHAMMAD ALI')
  await expect(block.getByLabel('Last Name')).toHaveValue('KHAN')
  await expect(block.getByLabel('Document Number')).toHaveValue('AB1234562')
  await expect(block.getByLabel('Expiry Date')).toHaveValue('22/07/2030')
  // The worker, the wasm core and the language data all came from our own server.
  expect(elsewhere).toEqual([])
})
