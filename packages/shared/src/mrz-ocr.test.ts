import { describe, expect, it } from 'vitest'
import { parseMrz } from './mrz.ts'
import { mrzFromOcrText, NO_MRZ_IN_PHOTO, readMrzPage } from './mrz-ocr.ts'
import { MRZ_SPECIMENS } from './mrz-specimens.ts'

const { icao: ICAO, pakistan: PAK } = MRZ_SPECIMENS
const TODAY = new Date('2026-11-23T09:00:00Z')
/** What tesseract returns for a data page: printed words above the zone, the zone last. */
const page = (one: string, two: string) =>
  `PASSPORT  PAKISTAN\nSurname KHAN\nGiven names MUHAMMAD ALI\n\n${one}\n${two}\n`
const read = (one: string, two: string) => mrzFromOcrText(page(one, two))
const put = (line: string, at: number, c: string) => line.slice(0, at) + c + line.slice(at + c.length)

describe('mrzFromOcrText: finding the zone', () => {
  it('takes the two lines at the foot of the page and changes nothing in a clean read', () => {
    expect(read(ICAO[0], ICAO[1])).toEqual({ ok: true, lines: [...ICAO], fixes: [] })
  })
  it('drops spaces OCR puts inside a line and reads chevron-like marks as fillers', () => {
    const spaced = `${PAK[0].slice(0, 20)} ${PAK[0].slice(20).replace('<<<', '«<<')}`
    expect(read(spaced, `${PAK[1].slice(0, 10)} ${PAK[1].slice(10)}`)).toMatchObject({
      ok: true,
      lines: [...PAK],
    })
  })
  it('drops stray marks read off the page edge before each line, counting them as no repair', () => {
    expect(read(`B${ICAO[0]}`, `B${ICAO[1]}`)).toEqual({ ok: true, lines: [...ICAO], fixes: [] })
    // The P itself misread after a stray mark: BF<UTO…
    expect(read(`BF${ICAO[0].slice(1)}`, ICAO[1])).toMatchObject({ ok: true, lines: [...ICAO] })
  })
  it('says no MRZ was found when no two long lines are there', () => {
    expect(mrzFromOcrText('PASSPORT\nISLAMIC REPUBLIC OF PAKISTAN\nKHAN')).toEqual({
      ok: false,
      message: NO_MRZ_IN_PHOTO,
    })
    expect(mrzFromOcrText('')).toEqual({ ok: false, message: NO_MRZ_IN_PHOTO })
  })
})

describe('mrzFromOcrText: look-alike characters', () => {
  it('puts digits where line 2 allows only digits (dates and check digits) and letters in the nationality', () => {
    // 850314 read as 85O3I4, expiry 300722 as 3OO722, the composite 8 as B, PAK as P4K.
    let two = put(PAK[1], 13, '85O3I4')
    two = put(two, 21, '3OO722')
    two = put(two, 43, 'B')
    two = put(two, 10, 'P4K')
    const r = read(PAK[0], two)
    expect(r).toMatchObject({ ok: true, lines: [...PAK] })
    if (r.ok)
      expect(r.fixes).toEqual([
        { line: 2, position: 12, read: '4', fixed: 'A' },
        { line: 2, position: 16, read: 'O', fixed: '0' },
        { line: 2, position: 18, read: 'I', fixed: '1' },
        { line: 2, position: 23, read: 'O', fixed: '0' },
        { line: 2, position: 24, read: 'O', fixed: '0' },
        { line: 2, position: 44, read: 'B', fixed: '8' },
      ])
  })

  it('puts letters where line 1 allows only letters: country code and names', () => {
    const one = put(put(PAK[0], 2, 'P4K'), 20, 'AL1')
    expect(read(one, PAK[1])).toMatchObject({ ok: true, lines: [...PAK] })
    expect(read(put(ICAO[0], 4, '0'), ICAO[1])).toMatchObject({ ok: true, lines: [...ICAO] })
  })

  it('decides a document number character (letters and digits both allowed) by its check digit', () => {
    // AB1234562: the 5 read as S, and separately the B read as 8.
    expect(read(PAK[0], put(PAK[1], 6, 'S'))).toMatchObject({ ok: true, lines: [...PAK] })
    const r = read(PAK[0], put(PAK[1], 1, '8'))
    expect(r).toMatchObject({
      ok: true,
      lines: [...PAK],
      fixes: [{ line: 2, position: 2, read: '8', fixed: 'B' }],
    })
    // Two look-alikes in one field, each among digits: AB1234562 read as AB1Z34S62.
    expect(read(PAK[0], put(put(PAK[1], 3, 'Z'), 6, 'S'))).toMatchObject({ ok: true, lines: [...PAK] })
    // A 9 read as B is no look-alike: no two swaps are invented to satisfy the check digit.
    const misread = put(ICAO[1], 2, 'B')
    const r2 = read(ICAO[0], misread)
    expect(r2).toEqual({ ok: true, lines: [ICAO[0], misread], fixes: [] })
    if (r2.ok)
      expect(parseMrz(r2.lines, TODAY)).toMatchObject({ message: 'Check digit for document number is wrong' })
  })

  it('decides the personal number by its check digit and turns a K among its fillers into <', () => {
    // ZE184226B<<<<< with the 1 read as I and a filler read as K.
    const two = put(put(ICAO[1], 30, 'I'), 39, 'K')
    expect(read(ICAO[0], two)).toMatchObject({ ok: true, lines: [...ICAO] })
  })

  it('turns a K among the fillers after the name into <', () => {
    const one = put(ICAO[0], 30, 'K')
    expect(read(one, ICAO[1])).toMatchObject({ ok: true, lines: [...ICAO] })
  })

  it('leaves a wrong character that is no look-alike for parseMrz to name', () => {
    const r = read(ICAO[0], put(ICAO[1], 18, '3'))
    expect(r).toMatchObject({ ok: true, lines: [ICAO[0], put(ICAO[1], 18, '3')], fixes: [] })
    if (r.ok)
      expect(parseMrz(r.lines, TODAY)).toMatchObject({
        ok: false,
        message: 'Check digit for date of birth is wrong',
      })
  })
})

describe('mrzFromOcrText: lines read too long or too short', () => {
  it('fills the fillers OCR lost at the end of line 1 and cuts extra ones', () => {
    expect(read(ICAO[0].slice(0, 38), ICAO[1])).toMatchObject({ ok: true, lines: [...ICAO] })
    expect(read(`${ICAO[0]}<<`, ICAO[1])).toMatchObject({ ok: true, lines: [...ICAO] })
  })
  it('finds the one place a dropped or doubled filler in line 2 makes every check digit hold', () => {
    const dropped = ICAO[1].slice(0, 38) + ICAO[1].slice(39)
    expect(read(ICAO[0], dropped)).toMatchObject({ ok: true, lines: [...ICAO] })
    const doubled = `${PAK[1].slice(0, 42)}<${PAK[1].slice(42)}`
    expect(read(PAK[0], doubled)).toMatchObject({ ok: true, lines: [...PAK] })
  })
  it('gives lines that parse to the same fields as the printed zone', () => {
    const r = read(put(PAK[0], 20, 'AL1'), put(PAK[1], 13, '85O3I4'))
    expect(r.ok && parseMrz(r.lines, TODAY)).toEqual(parseMrz(PAK, TODAY))
  })
})

describe('mrzFromOcrText: the printed names', () => {
  it('drops a filler look-alike stuck to a name when the page prints the name without it', () => {
    const one = put(ICAO[0], 25, 'K')
    const printed = `Surname ERIKSSON\nGiven names ANNA MARIA\n${one}\n${ICAO[1]}`
    expect(mrzFromOcrText(printed)).toMatchObject({ ok: true, lines: [...ICAO] })
    // Fillers between printed names read as letters: ANNA<MARIA as ANNACMARIA, ERIKSSON<<ANNA as ERIKSSONCCANNA.
    const joined = put(put(ICAO[0], 19, 'C'), 13, 'CC')
    expect(mrzFromOcrText(`ERIKSSON\nANNA MARIA\n${joined}\n${ICAO[1]}`)).toMatchObject({
      ok: true,
      lines: [...ICAO],
    })
    expect(mrzFromOcrText(`${joined}\n${ICAO[1]}`)).toMatchObject({ ok: true, lines: [joined, ICAO[1]] })
    // Without the printed name the letter could be the name's own (MALIK): it stays.
    expect(mrzFromOcrText(`${one}\n${ICAO[1]}`)).toMatchObject({ ok: true, lines: [one, ICAO[1]] })
  })
})

describe('readMrzPage', () => {
  const box = { x0: 0, y0: 700, x1: 1100, y1: 760 }
  it('reads the zone again on its own when the whole page gives no valid zone, and keeps the better read', async () => {
    const areas: unknown[] = []
    const r = await readMrzPage(async (area) => {
      areas.push(area)
      return area
        ? { text: `${ICAO[0]}\n${ICAO[1]}`, lines: [] }
        : {
            text: `${ICAO[0]}\n${put(ICAO[1], 18, '3')}`,
            lines: [
              { text: ICAO[0], bbox: box },
              { text: ICAO[1], bbox: { ...box, y0: 770, y1: 830 } },
            ],
          }
    })
    expect(r).toMatchObject({ ok: true, lines: [...ICAO] })
    expect(areas).toEqual([undefined, { left: 0, top: 661, width: 1178, height: 208 }])
  })
  it('stops after the whole page when its zone holds every check digit', async () => {
    let calls = 0
    const r = await readMrzPage(async () => {
      calls++
      return { text: PAK.join('\n'), lines: [] }
    })
    expect(r).toMatchObject({ ok: true, lines: [...PAK] })
    expect(calls).toBe(1)
  })
})
