import { MRZ_SPECIMENS } from '@booking/shared/mrz-specimens'
import { describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import { setupTestApp } from './helpers.ts'

const { icao: ICAO, pakistan: PAK } = MRZ_SPECIMENS
const withChar = (line: string, at: number, c: string) => line.slice(0, at) + c + line.slice(at + 1)

describe(`POST /api/mrz (${DB_KIND})`, () => {
  const t = setupTestApp()

  it('reads the ICAO specimen for an employee: dates yyyy-mm-dd, codes with names', async () => {
    const res = await t.call('employee', 'POST', '/api/mrz', { lines: ICAO })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      status: 'success',
      fields: expect.objectContaining({
        surname: 'ERIKSSON',
        givenNames: 'ANNA MARIA',
        documentNumber: 'L898902C3',
        nationality: 'Utopia',
        dateOfBirth: '1974-08-12',
        sex: 'F',
        expiryDate: '2012-04-15',
      }),
    })
  })

  it('reads one pasted text with a newline, lower case and spaces (PAK → Pakistan)', async () => {
    const res = await t.call('admin', 'POST', '/api/mrz', { lines: ` ${PAK[0].toLowerCase()}\n${PAK[1]} ` })
    expect(res.status).toBe(200)
    expect(res.body.fields).toMatchObject({
      surname: 'KHAN',
      givenNames: 'MUHAMMAD ALI',
      nationality: 'Pakistan',
      issuingCountry: 'Pakistan',
      dateOfBirth: '1985-03-14',
      expiryDate: '2030-07-22',
      documentNumber: 'AB1234562',
    })
  })

  it('answers 400 naming the failing check digit, each of the five in turn', async () => {
    const cases: Array<[number, string]> = [
      [9, 'Check digit for document number is wrong'],
      [19, 'Check digit for date of birth is wrong'],
      [27, 'Check digit for expiry date is wrong'],
      [42, 'Check digit for personal number is wrong'],
      [43, 'Composite check digit is wrong'],
    ]
    for (const [at, message] of cases) {
      const broken = withChar(PAK[1], at, String((Number(PAK[1][at]) + 5) % 10))
      const res = await t.call('employee', 'POST', '/api/mrz', { lines: [PAK[0], broken] })
      expect(res.status, message).toBe(400)
      expect(res.body).toEqual({ status: 'error', message, errors: { lines: message } })
    }
  })

  it('answers 400 with a clear message for a missing body, wrong lengths and wrong characters', async () => {
    const refused = async (body: unknown) => {
      const res = await t.call('employee', 'POST', '/api/mrz', body)
      expect(res.status).toBe(400)
      expect(res.body.status).toBe('error')
      return res.body.errors.lines as string
    }
    expect(await refused({})).toBe('MRZ lines are required')
    expect(await refused({ lines: 7 })).toBe('Paste the two lines of the passport MRZ')
    expect(await refused({ lines: [ICAO[0].slice(0, 40), ICAO[1]] })).toBe(
      'Line 1 has 40 characters; each line of a passport MRZ has 44',
    )
    expect(await refused({ lines: [ICAO[0], withChar(ICAO[1], 5, '#')] })).toBe(
      'Line 2 has "#" at position 6; only letters, digits and < can appear in an MRZ',
    )
  })

  it('needs a signed-in user: 401 without a token', async () => {
    const res = await t.call('none', 'POST', '/api/mrz', { lines: ICAO })
    expect(res.status).toBe(401)
    expect(res.body).toMatchObject({ status: 'error', message: 'You are not authenticated' })
  })

  it('is in the OpenAPI document with its request schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    const doc = res.json()
    const post = doc.paths['/api/mrz'].post
    expect(post.requestBody.content['application/json'].schema.properties).toHaveProperty('lines')
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['200', '400', '401']))
  })
})
