import { mrzCheckDigit } from './mrz-check-digit.ts'

/**
 * From the text an OCR engine read off a passport's data page to the two MRZ lines (TD3, 2 × 44),
 * repairing what OCR gets wrong: the lines are found among the other text, brought to 44
 * characters, and look-alike characters (O/0, I/1, B/8, S/5, Z/2, G/6, D/0, K/<) are put right
 * where the field allows only one kind, or where only one choice makes the field's check digit
 * right. What is left wrong is left for `parseMrz` to name; the person confirms the lines.
 * Pure, no I/O: it runs in the browser after tesseract.js and in the benchmark.
 */

const LENGTH = 44

/** What tesseract.js may read: the MRZ alphabet only, so no lower case or punctuation to clean. */
export const MRZ_OCR_WHITELIST = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<'
/** Photos are scaled down to this width before OCR: larger only costs seconds on a phone. */
export const MRZ_OCR_MAX_WIDTH = 1600

export interface MrzOcrFix {
  line: 1 | 2
  /** 1-based, as `parseMrz` counts. */
  position: number
  read: string
  fixed: string
}

export type MrzOcrResult =
  | { ok: true; lines: [string, string]; fixes: MrzOcrFix[] }
  | { ok: false; message: string }

export const NO_MRZ_IN_PHOTO =
  'No passport MRZ was found in the photo. Take it again with the two lines at the foot of the photo page flat, sharp and filling the width, or paste the lines.'

const TO_DIGIT: Readonly<Record<string, string>> = {
  O: '0',
  Q: '0',
  D: '0',
  U: '0',
  I: '1',
  L: '1',
  T: '1',
  Z: '2',
  A: '4',
  S: '5',
  G: '6',
  B: '8',
}
const TO_LETTER: Readonly<Record<string, string>> = {
  '0': 'O',
  '1': 'I',
  '2': 'Z',
  '4': 'A',
  '5': 'S',
  '6': 'G',
  '8': 'B',
}
/** Both ways, for alphanumeric fields where only the check digit can decide. */
const LOOK_ALIKES: Readonly<Record<string, readonly string[]>> = {
  '0': ['O', 'D', 'Q'],
  O: ['0'],
  D: ['0'],
  Q: ['0'],
  '1': ['I'],
  I: ['1'],
  '2': ['Z'],
  Z: ['2'],
  '5': ['S'],
  S: ['5'],
  '6': ['G'],
  G: ['6'],
  '8': ['B'],
  B: ['8'],
  K: ['<'],
}

/** Line 2 (0-based): [start, end) of each field with its check digit position. */
const DOCUMENT = { start: 0, end: 9, check: 9 }
const BIRTH = { start: 13, end: 19, check: 19 }
const EXPIRY = { start: 21, end: 27, check: 27 }
const PERSONAL = { start: 28, end: 42, check: 42 }
const NUMERIC = [...range(13, 20), ...range(21, 28), DOCUMENT.check, 43]
const LETTERS = range(10, 13)

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, i) => from + i)
}

const setAt = (s: string, at: number, c: string) => s.slice(0, at) + c + s.slice(at + 1)

const checkOk = (line: string, f: { start: number; end: number; check: number }) => {
  const field = line.slice(f.start, f.end)
  const found = line[f.check]
  if (f === PERSONAL && found === '<' && /^<+$/.test(field)) return true
  return found === String(mrzCheckDigit(field))
}

const compositeOk = (line: string): boolean =>
  line[43] === String(mrzCheckDigit(line.slice(0, 10) + line.slice(13, 20) + line.slice(21, 43)))

/** How many of the five check digits hold: the measure of a candidate line 2. */
const score = (line: string) =>
  [DOCUMENT, BIRTH, EXPIRY, PERSONAL].filter((f) => checkOk(line, f)).length + (compositeOk(line) ? 1 : 0)

/** OCR text to candidate lines: upper case, spaces gone, chevron-like marks as `<`. */
const cleanLines = (text: string) =>
  text
    .split(/\r\n|\r|\n/)
    .map((l) =>
      l
        .toUpperCase()
        .replace(/[«‹〈(]/g, '<')
        .replace(/[^A-Z0-9<]/g, ''),
    )
    .filter((l) => l.length > 0)

/** What OCR makes of the `<` filler in OCR-B when it does not read it as `<`. */
const FILLER_LOOKS = new Set(['<', 'K', 'L', 'C', 'E', 'S', 'R', 'I', 'Z', 'X'])

/**
 * The fillers closing a field (`ALI<<<<<` read `ALI<KLKK<LLLL`): from the first `<` of the
 * field's closing run of filler look-alikes, everything is a filler. Letters before that `<`
 * stay (a name may end in L, K, C or E).
 */
const closingFillers = (field: string) => {
  let start = field.length
  while (start > 0 && FILLER_LOOKS.has(field[start - 1] as string)) start--
  const first = field.indexOf('<', start)
  return first < 0 ? field : field.slice(0, first).padEnd(field.length, '<')
}

/** Stray marks OCR reads off the page edge before line 1's `P`. */
const fromP = (l: string) => {
  const p = l.indexOf('P')
  if (p > 0 && p <= 2) return l.slice(p)
  // `BF<UTO`: a stray mark, then the P misread.
  return p !== 0 && l.indexOf('<') === 2 ? l.slice(1) : l
}

/**
 * Line 1 holds letters and fillers only: digits become their look-alike letters; the fillers
 * after the name become fillers again; a document type read as a filler look-alike (`PK`, `PC`)
 * is `P<`; and when no `<<` parts surname from given names, a misread one is found.
 */
const fixLine1 = (raw: string) => {
  let line = fromP(raw)
  line = line.replace(/[0-9]/g, (d) => TO_LETTER[d] ?? d)
  line = closingFillers(line)
  line = line.length > LENGTH ? line.slice(0, LENGTH) : line.padEnd(LENGTH, '<')
  if (line[0] !== 'P') line = setAt(line, 0, 'P')
  if ('KLCEXS'.includes(line[1] as string)) line = setAt(line, 1, '<')
  const name = line.slice(5).replace(/<+$/, '')
  if (!name.includes('<<')) {
    // `KHAN<K<MUHAMMAD` or `KHANS<MUHAMMAD`: a filler look-alike beside the first filler.
    const at = name.search(/<[KLCES](?=[A-Z])|[KLCES]<(?=[A-Z])/)
    if (at >= 0) line = `${line.slice(0, 5 + at)}<<${line.slice(5 + at + 2)}`
  }
  return line
}

/** Letters where line 2 has digits only, digits where it has letters only. */
const fixKinds = (raw: string) => {
  let line = raw
  const numeric = line[PERSONAL.check] === '<' ? NUMERIC : [...NUMERIC, PERSONAL.check]
  for (const at of numeric) {
    const digit = TO_DIGIT[line[at] as string]
    if (digit) line = setAt(line, at, digit)
  }
  for (const at of LETTERS) {
    const letter = TO_LETTER[line[at] as string]
    if (letter) line = setAt(line, at, letter)
  }
  const sex = line[20] as string
  if (!'MF<'.includes(sex)) {
    const read = 'HNW'.includes(sex) ? 'M' : 'EPT7'.includes(sex) ? 'F' : FILLER_LOOKS.has(sex) ? '<' : sex
    line = setAt(line, 20, read)
  }
  for (const f of [DOCUMENT, PERSONAL])
    line = line.slice(0, f.start) + closingFillers(line.slice(f.start, f.end)) + line.slice(f.end)
  // A K beside a filler in the document or personal number is a filler: no number ends in `K<`.
  for (const f of [DOCUMENT, PERSONAL])
    for (const at of range(f.start, f.end))
      if (line[at] === 'K' && (line[at - 1] === '<' || line[at + 1] === '<')) line = setAt(line, at, '<')
  return line
}

/** Changes between letters and digits along a field: document numbers are a few letters then digits. */
const kindChanges = (field: string) => {
  const kinds = field.replace(/</g, '').replace(/[A-Z]/g, 'a').replace(/[0-9]/g, '9')
  let changes = 0
  for (let i = 1; i < kinds.length; i++) if (kinds[i] !== kinds[i - 1]) changes++
  return changes
}

/**
 * The repair to take among those that make the check digit right: the only one, or the only one
 * with the fewest letter/digit changes (a stray letter among digits is the usual misread). The
 * composite cannot decide: it weighs these fields' characters as their own check digit does.
 */
const theOne = (candidates: ReadonlySet<string>, f: { start: number; end: number }) => {
  if (candidates.size === 1) return [...candidates][0] as string
  const changes = [...candidates].map((c) => kindChanges(c.slice(f.start, f.end)))
  const fewest = Math.min(...changes)
  const best = [...candidates].filter((_, i) => changes[i] === fewest)
  return best.length === 1 ? (best[0] as string) : null
}

/**
 * An alphanumeric field whose check digit fails: the fewest look-alike swaps (one, then two)
 * that make it right, when one repair stands out (`theOne`).
 * Undecided: left as read, for the person to correct.
 */
const fixByCheckDigit = (line: string, f: { start: number; end: number; check: number }) => {
  if (checkOk(line, f)) return line
  const positions = range(f.start, f.end).filter((at) => LOOK_ALIKES[line[at] as string])
  const singles = new Set<string>()
  for (const at of positions)
    for (const c of LOOK_ALIKES[line[at] as string] ?? []) {
      const tried = setAt(line, at, c)
      if (checkOk(tried, f)) singles.add(tried)
    }
  if (singles.size > 0) return theOne(singles, f) ?? line
  // Two swaps find a spurious repair easily: only characters of the other kind than both
  // neighbours (a letter between digits, a digit between letters) are tried.
  const odd = positions.filter((at) => {
    const kind = (c: string | undefined) => (c === undefined || c === '<' ? null : /[0-9]/.test(c))
    const [before, self, after] = [kind(line[at - 1]), kind(line[at]), kind(line[at + 1])]
    return at > f.start && at < f.end - 1 && before !== self && after !== self && before === after
  })
  const doubles = new Set<string>()
  for (const [i, a] of odd.entries())
    for (const b of odd.slice(i + 1))
      for (const ca of LOOK_ALIKES[line[a] as string] ?? [])
        for (const cb of LOOK_ALIKES[line[b] as string] ?? []) {
          const tried = setAt(setAt(line, a, ca), b, cb)
          if (checkOk(tried, f)) doubles.add(tried)
        }
  return theOne(doubles, f) ?? line
}

const fixLine2 = (raw: string) => {
  let line = fixKinds(raw)
  // The personal number first: its fillers are where a stray K most often sits.
  line = fixByCheckDigit(line, PERSONAL)
  line = fixByCheckDigit(line, DOCUMENT)
  return line
}

/**
 * Line 2 read one or two characters long or short (a filler dropped or doubled): of the lines
 * made by deleting or inserting fillers, the one whose check digits hold best after repair.
 */
/** Line 2 as fitted to 44 characters (`fitted`) and then repaired (`fixed`). */
const fitLine2 = (raw: string): { fitted: string; fixed: string } => {
  if (raw.length === LENGTH) return { fitted: raw, fixed: fixLine2(raw) }
  // [line, cost]: dropping a filler, or a mark at either end, costs nothing; dropping a letter
  // or digit inside costs 1, so it is chosen only when it makes more check digits hold.
  let candidates: Array<[string, number]> = [[raw, 0]]
  for (let step = 0; step < 2 && !candidates.some(([c]) => c.length === LENGTH); step++)
    // Too short: only a lost filler can be put back; a lost letter or digit cannot be guessed.
    candidates = candidates.flatMap(
      ([c, cost]): Array<[string, number]> =>
        c.length > LENGTH
          ? range(0, c.length).map((at) => [
              c.slice(0, at) + c.slice(at + 1),
              cost + (c[at] === '<' || at === 0 || at === c.length - 1 ? 0 : 1),
            ])
          : range(0, c.length + 1)
              .filter((at) => c[at - 1] === '<' || c[at] === '<')
              .map((at) => [`${c.slice(0, at)}<${c.slice(at)}`, cost]),
    )
  let best: { fitted: string; fixed: string } | null = null
  let bestScore = -1
  let bestCost = 0
  for (const [c, cost] of candidates) {
    if (c.length !== LENGTH) continue
    const fixed = fixLine2(c)
    const s = score(fixed)
    if (s > bestScore || (s === bestScore && cost < bestCost)) {
      best = { fitted: c, fixed }
      bestScore = s
      bestCost = cost
    }
  }
  const cut = raw.slice(0, LENGTH).padEnd(LENGTH, '<')
  return best ?? { fitted: cut, fixed: fixLine2(cut) }
}

const looksLikeLine1 = (l: string) => /^P[A-Z0-9<]{4}/.test(fromP(l)) && /<[<KLCE]|[KLCE]</.test(l)
const longEnough = (l: string) => l.length >= LENGTH - 4 && l.length <= LENGTH + 4

const fixesBetween = (read: string, fixed: string, line: 1 | 2): MrzOcrFix[] =>
  range(0, LENGTH)
    .filter((i) => read[i] !== fixed[i])
    .map((i) => ({ line, position: i + 1, read: read[i] as string, fixed: fixed[i] as string }))

/**
 * A name part in line 1 that the page's printed names (the visual zone above) show misread: a
 * filler look-alike stuck to its end (`ZARGHUNAK<<<` beside printed ZARGHUNA), or one or two
 * standing for the fillers between two printed names (`ANNACMARIA`, `RAHMANCCSHAHIDUL`). Only
 * a word not printed itself is changed, and only into printed words; the length stays 44.
 */
const repairByPrintedNames = (line: string, pageText: string) => {
  // Words off the zone's own lines would always "print" the misread word.
  const visual = pageText
    .split(/\r\n|\r|\n/)
    .filter((l) => !(l.includes('<') && l.replace(/\s/g, '').length >= 30))
  const printed = new Set(
    visual
      .join(' ')
      .toUpperCase()
      .split(/[^A-Z]+/)
      .filter((w) => w.length >= 2),
  )
  /** The word as printed words and fillers, or null when the printed names cannot explain it. */
  const explain = (word: string): string | null => {
    if (printed.has(word)) return word
    if (FILLER_LOOKS.has(word[word.length - 1] as string) && printed.has(word.slice(0, -1)))
      return `${word.slice(0, -1)}<`
    for (let at = 2; at < word.length - 2; at++)
      for (const width of [1, 2]) {
        if (![...word.slice(at, at + width)].every((c) => FILLER_LOOKS.has(c))) continue
        const left = word.slice(0, at)
        const right = printed.has(left) ? explain(word.slice(at + width)) : null
        if (right) return `${left}${'<'.repeat(width)}${right}`
      }
    return null
  }
  const repair = (word: string) => explain(word) ?? word
  return line.slice(0, 5) + line.slice(5).replace(/[A-Z]+/g, repair)
}

/**
 * The two MRZ lines in OCR text, repaired; `ok: false` when nothing like them is there.
 * `pageText` is the whole page's text when `text` is a read of the zone alone.
 */
export const mrzFromOcrText = (text: string, pageText = text): MrzOcrResult => {
  const lines = cleanLines(text)
  let pair: [string, string] | null = null
  // The MRZ is at the foot of the page: the last line-1-like line followed by a long line.
  for (let i = lines.length - 2; i >= 0 && !pair; i--) {
    const [a, b] = [lines[i] as string, lines[i + 1] as string]
    // Line 1 may lose many of its closing fillers; line 2 has few.
    if (a.length >= 30 && a.length <= LENGTH + 4 && longEnough(b) && looksLikeLine1(a)) pair = [a, b]
  }
  for (let i = lines.length - 2; i >= 0 && !pair; i--) {
    const [a, b] = [lines[i] as string, lines[i + 1] as string]
    if (a.length >= 30 && a.length <= LENGTH + 4 && longEnough(b) && a.includes('<<')) pair = [a, b]
  }
  if (!pair) return { ok: false, message: NO_MRZ_IN_PHOTO }
  const one = repairByPrintedNames(fixLine1(pair[0]), pageText)
  const two = fitLine2(pair[1])
  // Fixes are counted against the read as aligned (stray marks dropped, length fitted).
  const read1 = fromP(pair[0]).slice(0, LENGTH).padEnd(LENGTH, '<')
  return {
    ok: true,
    lines: [one, two.fixed],
    fixes: [...fixesBetween(read1, one, 1), ...fixesBetween(two.fitted, two.fixed, 2)],
  }
}

/** How many of line 2's five check digits hold (0 when nothing was found): to choose between reads. */
export const mrzChecksHeld = (result: MrzOcrResult) => (result.ok ? score(result.lines[1]) : -1)

export interface OcrRect {
  left: number
  top: number
  width: number
  height: number
}

/** One OCR pass as the engine gives it: the text and each line's box. */
export interface OcrRead {
  text: string
  lines: Array<{ text: string; bbox: { x0: number; y0: number; x1: number; y1: number } }>
}

/**
 * The reading strategy, the same in the browser and the benchmark: the whole page first; unless
 * that gives a zone whose five check digits hold, the two lowest long lines are read again on
 * their own (as one block, so the engine sees only the zone), and the better of the two reads wins.
 */
export const readMrzPage = async (recognize: (area?: OcrRect) => Promise<OcrRead>): Promise<MrzOcrResult> => {
  const page = await recognize()
  const first = mrzFromOcrText(page.text)
  if (mrzChecksHeld(first) === 5) return first
  const zone = page.lines.filter((l) => l.text.replace(/\s/g, '').length >= 30).slice(-2)
  if (zone.length < 2) return first
  const x0 = Math.min(...zone.map((l) => l.bbox.x0))
  const y0 = Math.min(...zone.map((l) => l.bbox.y0))
  const x1 = Math.max(...zone.map((l) => l.bbox.x1))
  const y1 = Math.max(...zone.map((l) => l.bbox.y1))
  const pad = Math.round((y1 - y0) * 0.3)
  const zoneRead = await recognize({
    left: Math.max(0, x0 - pad),
    top: Math.max(0, y0 - pad),
    width: x1 - x0 + 2 * pad,
    height: y1 - y0 + 2 * pad,
  })
  const again = mrzFromOcrText(zoneRead.text, page.text)
  return mrzChecksHeld(again) > mrzChecksHeld(first) ? again : first
}
