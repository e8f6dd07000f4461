import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, loginAs, test } from './fixtures.ts'
import { adminHeaders } from './helpers.ts'

// A customer's papers in Urdu (issue 23.1, decision 044): the admin chooses it on Edit Customer,
// and the customer's statement PDF then prints in Urdu with the name in the order it was typed.

test('Edit Customer sets Urdu papers; the customer statement PDF prints in Urdu', async ({ page }) => {
  const name = `کاشف ${Date.now().toString(36).slice(-4)}`
  const headers = await adminHeaders(page.request)
  const created = await page.request.post('/api/customers', {
    headers,
    data: { name, mobile_number: '03001112223' },
  })
  expect(created.status()).toBe(201)
  const id = (await created.json()).customer.id
  await loginAs(page, 'admin')
  await page.goto('/admin/customers')
  await page.getByLabel('Search customers').fill(name)
  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('button', { name: 'Edit' })
    .click()
  const edit = page.getByRole('dialog', { name: 'Edit Customer' })
  await expect(edit.getByLabel('Language (papers and reminders)')).toHaveValue('en')
  await edit.getByLabel('Language (papers and reminders)').selectOption('ur')
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(edit).toBeHidden()
  const saved = await (await page.request.get(`/api/customers/${id}`, { headers })).json()
  expect(saved.customer.paper_language).toBe('ur')

  const pdf = await page.request.get(`/api/statements/customer/${id}?format=pdf`, { headers })
  expect(pdf.status()).toBe(200)
  const dir = mkdtempSync(join(tmpdir(), 'paper-language-'))
  writeFileSync(join(dir, 's.pdf'), await pdf.body())
  const text = execFileSync('pdftotext', ['-layout', join(dir, 's.pdf'), '-'], { encoding: 'utf8' }).replace(
    /[\u202a-\u202e]/g,
    '',
  )
  expect(text).toContain('کھاتے کا گوشوارہ')
  expect(text).not.toContain('Statement of Account')
})
