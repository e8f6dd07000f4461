/**
 * Writes the synthetic passport data pages the photo reader is measured on
 * (e2e/fixtures/passports/*.jpg and expected.json). No real person's passport: the ICAO Doc 9303
 * specimen, the project's Pakistani specimen and invented people, their MRZ built here with the
 * check digits; each page is HTML drawn by Chromium (OCR-B from Debian's fonts-ocr-b, a noisy
 * "photo", background guilloche) and photographed badly: turned, blurred, grainy, JPEG.
 *
 *   node --import tsx bench/passport-samples.ts        (needs /usr/bin/chromium and fonts-ocr-b)
 */

import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { mrzCheckDigit } from '@booking/shared/mrz-check-digit'
import { MRZ_SPECIMENS } from '@booking/shared/mrz-specimens'
import { launchChromium } from './chromium.ts'

const OUT = join(import.meta.dirname, '../e2e/fixtures/passports')

interface Person {
  state: string
  surname: string
  given: string
  number: string
  nationality: string
  birth: string
  sex: 'M' | 'F' | '<'
  expiry: string
  personal: string
}

/** TD3 lines of an invented person, check digits computed. */
const td3 = (p: Person): [string, string] => {
  const one = `P<${p.state}${p.surname.replace(/ /g, '<')}<<${p.given.replace(/ /g, '<')}`
    .padEnd(44, '<')
    .slice(0, 44)
  const number = p.number.padEnd(9, '<')
  const personal = p.personal.padEnd(14, '<')
  const head = `${number}${mrzCheckDigit(number)}${p.nationality.padEnd(3, '<')}${p.birth}${mrzCheckDigit(p.birth)}${p.sex}${p.expiry}${mrzCheckDigit(p.expiry)}${personal}${mrzCheckDigit(personal)}`
  const composite = head.slice(0, 10) + head.slice(13, 20) + head.slice(21, 43)
  return [one, head + mrzCheckDigit(composite)]
}

const PEOPLE: Person[] = [
  {
    state: 'PAK',
    surname: 'QURESHI',
    given: 'AYESHA BIBI',
    number: 'BK7410386',
    nationality: 'PAK',
    birth: '910607',
    sex: 'F',
    expiry: '310605',
    personal: '3740512345672',
  },
  {
    state: 'PAK',
    surname: 'MALIK',
    given: 'USMAN',
    number: 'CS0918273',
    nationality: 'PAK',
    birth: '780120',
    sex: 'M',
    expiry: '270119',
    personal: '3520198765431',
  },
  {
    state: 'PAK',
    surname: 'SHEIKH',
    given: 'ABDUL REHMAN',
    number: 'DO8816504',
    nationality: 'PAK',
    birth: '640229',
    sex: 'M',
    expiry: '290228',
    personal: '4220155501119',
  },
  {
    state: 'SAU',
    surname: 'ALHARBI',
    given: 'FAHAD SAAD',
    number: 'Z5094417',
    nationality: 'SAU',
    birth: '880915',
    sex: 'M',
    expiry: '280914',
    personal: '',
  },
  {
    state: 'ARE',
    surname: 'ALMANSOORI',
    given: 'MARYAM',
    number: 'P1I230O58',
    nationality: 'ARE',
    birth: '950302',
    sex: 'F',
    expiry: '300301',
    personal: '',
  },
  {
    state: 'GBR',
    surname: 'OKONKWO SMITH',
    given: 'GRACE',
    number: '533801926',
    nationality: 'GBR',
    birth: '021111',
    sex: 'F',
    expiry: '321110',
    personal: '',
  },
  {
    state: 'IND',
    surname: 'SINGH',
    given: 'GURPREET',
    number: 'S6218830',
    nationality: 'IND',
    birth: '830808',
    sex: 'M',
    expiry: '330807',
    personal: '',
  },
  {
    state: 'BGD',
    surname: 'RAHMAN',
    given: 'SHAHIDUL ISLAM',
    number: 'BO0583120',
    nationality: 'BGD',
    birth: '770430',
    sex: 'M',
    expiry: '280429',
    personal: '',
  },
  {
    state: 'AFG',
    surname: 'DURRANI',
    given: 'ZARGHUNA',
    number: 'P02258861',
    nationality: 'AFG',
    birth: '990101',
    sex: 'F',
    expiry: '290101',
    personal: '',
  },
  {
    state: 'UTO',
    surname: 'DE LA CRUZ',
    given: 'JOSE ANTONIO',
    number: 'Q8G5S1B0Z',
    nationality: 'UTO',
    birth: '600512',
    sex: '<',
    expiry: '261231',
    personal: 'X12B',
  },
]

/** How badly each page is photographed. */
interface Shot {
  angle: number
  blur: number
  grain: number
  quality: number
  /** The page's width as a share of the photo. */
  fill: number
}

const SHOTS: Shot[] = [
  { angle: 0, blur: 0, grain: 0.02, quality: 85, fill: 0.9 },
  { angle: -1.2, blur: 0.4, grain: 0.05, quality: 75, fill: 0.88 },
  { angle: 0.8, blur: 0.6, grain: 0.06, quality: 70, fill: 0.92 },
  { angle: -2, blur: 0.5, grain: 0.04, quality: 65, fill: 0.85 },
  { angle: 1.5, blur: 0.8, grain: 0.08, quality: 70, fill: 0.9 },
  { angle: 0.3, blur: 1, grain: 0.05, quality: 60, fill: 0.93 },
  { angle: -0.6, blur: 0.3, grain: 0.1, quality: 75, fill: 0.87 },
  { angle: 2.5, blur: 0.5, grain: 0.05, quality: 70, fill: 0.82 },
  { angle: -3, blur: 0.7, grain: 0.07, quality: 65, fill: 0.8 },
  { angle: 1, blur: 1.2, grain: 0.06, quality: 60, fill: 0.9 },
  { angle: -0.4, blur: 0.2, grain: 0.03, quality: 80, fill: 0.95 },
  { angle: 0, blur: 0.9, grain: 0.12, quality: 55, fill: 0.9 },
]

const SAMPLES: Array<{ lines: readonly [string, string]; shot: Shot }> = [
  { lines: MRZ_SPECIMENS.pakistan, shot: SHOTS[0] as Shot },
  { lines: MRZ_SPECIMENS.icao, shot: SHOTS[1] as Shot },
  ...PEOPLE.map((p, i) => ({ lines: td3(p), shot: SHOTS[i + 2] as Shot })),
]

const page = (lines: readonly [string, string], shot: Shot, seed: number) => {
  const name = lines[0].slice(5).replace(/<+$/, '').split('<<')
  const two = lines[1]
  const date = (yymmdd: string) => `${yymmdd.slice(4, 6)}/${yymmdd.slice(2, 4)}/${yymmdd.slice(0, 2)}`
  const field = (label: string, value: string) =>
    `<div class="f"><small>${label}</small><b>${value.replace(/</g, ' ')}</b></div>`
  return `<!doctype html><html><head><style>
  body { margin: 0; width: 1200px; height: 860px; overflow: hidden;
    background: radial-gradient(circle at 30% 20%, #8a7f72, #4b443c); }
  .page { position: absolute; left: 50%; top: 50%; width: ${Math.round(1200 * shot.fill)}px; aspect-ratio: 125 / 88;
    transform: translate(-50%, -50%) rotate(${shot.angle}deg); filter: blur(${shot.blur}px);
    background: repeating-radial-gradient(circle at 70% 40%, #eef3ea 0 6px, #e4ecdf 6px 9px),
      linear-gradient(120deg, #f3efe2, #dfe9ea); border-radius: 10px; box-shadow: 0 6px 20px #0007;
    font-family: 'DejaVu Sans', sans-serif; color: #223; }
  .title { position: absolute; left: 4%; top: 4%; font-size: 22px; letter-spacing: 2px; color: #2d4f6a; }
  canvas { position: absolute; left: 4%; top: 14%; width: 26%; height: 50%; border-radius: 4px; }
  .fields { position: absolute; left: 34%; top: 14%; right: 4%; display: grid; grid-template-columns: 1fr 1fr; gap: 6px 24px; }
  .f small { display: block; font-size: 12px; color: #567; } .f b { font-size: 19px; font-weight: 600; }
  .mrz { position: absolute; left: 3.5%; right: 3.5%; bottom: 5%; font-family: 'OCR B'; color: #111;
    font-size: ${Math.round((1200 * shot.fill * 0.93) / 44 / 0.6)}px; line-height: 1.45; white-space: pre; letter-spacing: 0; }
  #grain { position: fixed; inset: 0; width: 1200px; height: 860px; pointer-events: none; }
  </style></head><body><div class="page">
  <div class="title">PASSPORT · ${lines[0].slice(2, 5).replace(/</g, '')}</div>
  <canvas id="face" width="160" height="200"></canvas>
  <div class="fields">
    ${field('Type', 'P')}${field('Passport No.', two.slice(0, 9))}
    ${field('Surname', name[0] ?? '')}${field('Given Names', name[1] ?? '')}
    ${field('Nationality', two.slice(10, 13))}${field('Sex', two[20] === '<' ? 'X' : (two[20] ?? ''))}
    ${field('Date of Birth', date(two.slice(13, 19)))}${field('Date of Expiry', date(two.slice(21, 27)))}
    ${field('Authority', 'DIRECTORATE OF PASSPORTS')}${field('Personal No.', two.slice(28, 42))}
  </div>
  <div class="mrz">${lines[0].replace(/</g, '&lt;')}\n${lines[1].replace(/</g, '&lt;')}</div>
  </div><canvas id="grain" width="1200" height="860"></canvas>
  <script>(() => {
  let s = ${seed * 7919 + 17}; const rnd = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  const face = document.getElementById('face').getContext('2d');
  const g = face.createRadialGradient(80, 80, 10, 80, 100, 110);
  g.addColorStop(0, '#c9a27f'); g.addColorStop(0.45, '#8d6b52'); g.addColorStop(1, '#cfd8dc');
  face.fillStyle = g; face.fillRect(0, 0, 160, 200);
  for (let i = 0; i < 4000; i++) { face.fillStyle = 'rgba(0,0,0,' + rnd() * 0.25 + ')'; face.fillRect(rnd() * 160, rnd() * 200, 1.5, 1.5); }
  const grain = document.getElementById('grain').getContext('2d');
  for (let i = 0; i < 60000; i++) { const v = rnd() < 0.5 ? 0 : 255;
    grain.fillStyle = 'rgba(' + v + ',' + v + ',' + v + ',' + ${shot.grain} * rnd() * 3 + ')'; grain.fillRect(rnd() * 1200, rnd() * 860, 2, 2); }
  const light = grain.createLinearGradient(0, 0, 1200, 860);
  light.addColorStop(0, 'rgba(255,255,240,0.12)'); light.addColorStop(1, 'rgba(0,0,20,0.12)');
  grain.fillStyle = light; grain.fillRect(0, 0, 1200, 860);
  })()</script></body></html>`
}

const browser = await launchChromium()
mkdirSync(OUT, { recursive: true })
const tab = await browser.newPage({ viewport: { width: 1200, height: 860 } })
tab.on('pageerror', (e) => console.error('page error:', e.message))
const expected: Array<{ file: string; lines: readonly [string, string]; shot: Shot }> = []
for (const [i, { lines, shot }] of SAMPLES.entries()) {
  const file = `passport-${String(i + 1).padStart(2, '0')}.jpg`
  await tab.setContent(page(lines, shot, i + 1))
  // The zone spans the page's width less its margins, as printed; OCR-B's advance is measured, not guessed.
  await tab.evaluate(`(async () => {
    await document.fonts.ready
    const mrz = document.querySelector('.mrz')
    const room = mrz.parentElement.clientWidth * 0.93
    const size = Number.parseFloat(getComputedStyle(mrz).fontSize)
    mrz.style.fontSize = (size * room) / mrz.scrollWidth + 'px'
  })()`)
  await tab.screenshot({ path: join(OUT, file), type: 'jpeg', quality: shot.quality })
  expected.push({ file, lines, shot })
}
await browser.close()
writeFileSync(join(OUT, 'expected.json'), `${JSON.stringify(expected, null, 2)}\n`)
console.log(`wrote ${expected.length} pages to ${OUT}`)
