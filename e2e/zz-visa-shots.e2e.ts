import { loginAs, test } from './fixtures.ts'

for (const role of ['employee', 'admin'] as const) {
  test(`shots ${role}`, async ({ page }) => {
    await loginAs(page, role)
    const base = role === 'admin' ? '/admin' : ''
    for (const width of [1366, 375]) {
      await page.setViewportSize({ width, height: 900 })
      for (const [name, path] of [
        ['visa', '/visa'],
        ['gamca', '/gamcaToken'],
        ['protector', '/protector'],
      ]) {
        await page.goto(base + path)
        await page.getByRole('button', { name: 'Add New' }).waitFor()
        await page.waitForTimeout(400)
        await page.screenshot({ path: `/tmp/shots-visa/${role}-${width}-${name}-list.png`, fullPage: true })
        if (name === 'visa') {
          await page.getByRole('button', { name: 'Show Passport Details' }).click()
          await page.screenshot({ path: `/tmp/shots-visa/${role}-${width}-${name}-list-passport.png`, fullPage: true })
        }
        if (role === 'admin' && name !== 'protector') {
          await page.getByRole('button', { name: 'Edit' }).first().click()
          await page.waitForTimeout(400)
          await page.screenshot({ path: `/tmp/shots-visa/${role}-${width}-${name}-edit-1.png`, fullPage: true })
          await page.getByRole('button', { name: /Passport Details/ }).click()
          await page.screenshot({ path: `/tmp/shots-visa/${role}-${width}-${name}-edit-2.png`, fullPage: true })
          await page.getByRole('button', { name: /Payment Details/ }).click()
          await page.screenshot({ path: `/tmp/shots-visa/${role}-${width}-${name}-edit-pay.png`, fullPage: true })
        }
      }
    }
  })
}
