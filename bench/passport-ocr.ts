/**
 * Accuracy of the passport photo reader on the synthetic data pages in e2e/fixtures/passports
 * (made by bench/passport-samples.ts): tesseract.js with the same engine, language data,
 * whitelist and repair (`mrzFromOcrText`) as the browser, then `parseMrz`. A page counts as read
 * when every field `parseMrz` gives equals the fields of the printed zone. Also printed: how many
 * pages OCR alone got right (no repair needed), and the seconds per page.
 *
 *   node --import tsx bench/passport-ocr.ts
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { type MrzFields, parseMrz } from '@booking/shared'
import { MRZ_OCR_WHITELIST, readMrzPage } from '@booking/shared/mrz-ocr'
import { createWorker, OEM, PSM } from 'tesseract.js'

const DIR = join(import.meta.dirname, '../e2e/fixtures/passports')
const require = createRequire(import.meta.url)
const LANG = join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int')

const samples = JSON.parse(readFileSync(join(DIR, 'expected.json'), 'utf8')) as Array<{
  file: string
  lines: [string, string]
}>

const worker = await createWorker('eng', OEM.LSTM_ONLY, { langPath: LANG, gzip: true, cacheMethod: 'none' })
await worker.setParameters({
  tessedit_char_whitelist: MRZ_OCR_WHITELIST,
  tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
})

const fieldNames = (a: MrzFields, b: MrzFields) =>
  (Object.keys(a) as Array<keyof MrzFields>).filter((k) => a[k] !== b[k])

let read = 0
let numberAndDates = 0
const KEY_FIELDS: Array<keyof MrzFields> = [
  'documentNumber',
  'dateOfBirth',
  'expiryDate',
  'nationalityCode',
  'sex',
]
let rawRight = 0
let fixedChars = 0
let seconds = 0
for (const { file, lines } of samples) {
  const expected = parseMrz(lines)
  if (!expected.ok) throw new Error(`${file}: the printed zone does not parse: ${expected.message}`)
  const started = performance.now()
  const image = readFileSync(join(DIR, file))
  // The same reading strategy as the browser (apps/web/src/lib/passport-photo-ocr.ts).
  const found = await readMrzPage(async (area) => {
    const { data } = await worker.recognize(image, area ? { rectangle: area } : {}, {
      text: true,
      blocks: true,
    })
    if (process.env.OCR_TEXT) console.log(data.text)
    return {
      text: data.text,
      lines: (data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines)),
    }
  })
  const took = (performance.now() - started) / 1000
  seconds += took
  let verdict: string
  if (!found.ok) verdict = 'no MRZ found'
  else {
    fixedChars += found.fixes.length
    const parsed = parseMrz(found.lines)
    if (!parsed.ok) verdict = `refused: ${parsed.message}`
    else {
      const wrong = fieldNames(parsed.fields, expected.fields)
      verdict = wrong.length === 0 ? 'all fields exact' : `wrong: ${wrong.join(', ')}`
      if (wrong.length === 0) read++
      if (!wrong.some((k) => KEY_FIELDS.includes(k))) numberAndDates++
      if (wrong.length === 0 && found.fixes.length === 0) rawRight++
    }
  }
  const repaired = found.ok && found.fixes.length > 0 ? ` (${found.fixes.length} characters repaired)` : ''
  console.log(`${file}  ${took.toFixed(1)} s  ${verdict}${repaired}`)
}
await worker.terminate()

const pct = (n: number) => `${((100 * n) / samples.length).toFixed(0)} %`
console.log(
  `\nall MRZ fields exact: ${read} of ${samples.length} (${pct(read)}); passport number, dates, nationality and sex exact (a valid line 2): ${numberAndDates} (${pct(numberAndDates)}); all exact from OCR alone, no repair: ${rawRight} (${pct(rawRight)}); characters repaired: ${fixedChars}; mean ${(seconds / samples.length).toFixed(1)} s per page`,
)
