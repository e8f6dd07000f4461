import bidiFactory from 'bidi-js'

// Text with Urdu or Arabic in it, laid out for a PDF: the Unicode bidirectional algorithm puts the
// runs in the order a reader sees them, Arabic-script runs go to the Urdu face (fontkit shapes
// them: initial, medial, final forms and the Urdu letters), everything else stays in the Latin face.

const bidi = bidiFactory()

/** Arabic, Arabic Supplement, Extended-A and the presentation forms: the characters the Urdu face draws. */
const ARABIC_SCRIPT = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/
/** Any right-to-left letter (Hebrew too), which is what makes a line need the bidi path. */
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/

/** True when `text` needs bidirectional layout; plain Latin text keeps pdfkit's fast path. */
export const needsBidi = (text: string) => RTL_LETTER.test(text)

export type Face = 'latin' | 'arabic'

/** A piece of one line, in visual order (left to right on the page). */
export interface VisualRun {
  /** The characters as fontkit wants them: logical order for an Arabic run (fontkit reverses it). */
  text: string
  /** The characters left to right as they stand on the page. */
  visual: string
  face: Face
  rtl: boolean
}

const isArabic = (ch: string) => ARABIC_SCRIPT.test(ch)

/** A number with separators inside it: a serial "2026-27/00001", a date, an amount "1,200.50". */
const NUMBER_TOKEN = /\d+(?:[-/.,:]\d+)+/g
const LRM = '\u200e'

/**
 * Each number with separators held left to right (decision 101). After an Urdu word the bidi rules
 * read its digits as Arabic numbers, between which a "-" is no separator, so "2026-27/00001" came
 * out "27/00001-2026"; a left-to-right mark before it keeps it as typed (and in one run with a
 * Latin word before it: "Service 5/7"). The marks are not drawn.
 */
const markNumbers = (text: string) => text.replace(NUMBER_TOKEN, (n) => `${LRM}${n}`)

/**
 * One line of text split into runs in visual order. `base` forces the paragraph's direction (an
 * Urdu paper is right-to-left); by default the first strong letter decides, as on screen.
 */
export const visualRuns = (typed: string, base: 'ltr' | 'rtl' | 'auto' = 'auto'): VisualRun[] => {
  if (!typed) return []
  const text = markNumbers(typed)
  const levels = bidi.getEmbeddingLevels(text, base)
  const mirrored = bidi.getMirroredCharactersMap(text, levels.levels)
  const order = bidi.getReorderedIndices(text, levels)
  const faceOf = (i: number): Face => {
    const ch = text[i]!
    if (isArabic(ch)) return 'arabic'
    // A space between Urdu words stays in the Urdu run (one shaping call per phrase); other
    // punctuation is not in the Urdu face's subset and is drawn in the Latin face.
    return ch === ' ' && (levels.levels[i]! & 1) === 1 ? 'arabic' : 'latin'
  }
  const runs: VisualRun[] = []
  let cur: { chars: string[]; face: Face; level: number } | null = null
  const flush = () => {
    if (!cur) return
    const rtl = (cur.level & 1) === 1
    const visual = cur.chars.join('')
    // fontkit reverses a run it detects as Arabic script; give it logical order so the two reversals
    // cancel. A run without an Arabic letter (a lone space, a bracket) is drawn as it stands.
    const hasArabic = cur.chars.some(isArabic)
    const logical = rtl && hasArabic ? [...cur.chars].reverse().join('') : visual
    // Noto Naskh's space is narrow and the bowls of final letters (lam, noon, yeh) reach into it:
    // two spaces between Urdu words read as one word gap on paper.
    const textForFont = cur.face === 'arabic' ? logical.replace(/ /g, '  ') : logical
    runs.push({ text: textForFont, visual, face: cur.face, rtl })
  }
  for (const i of order) {
    if (text[i] === LRM) continue
    const face = faceOf(i)
    const level = levels.levels[i]!
    const ch = mirrored.get(i) ?? text[i]!
    if (cur && cur.face === face && cur.level === level) cur.chars.push(ch)
    else {
      flush()
      cur = { chars: [ch], face, level }
    }
  }
  flush()
  return runs
}

/**
 * Whether a paper's body reads right to left: the paragraph direction of `text` by the bidi rules
 * (first strong letter), used to right-align a value that is mostly Urdu.
 */
export const startsRtl = (text: string) => {
  const levels = bidi.getEmbeddingLevels(text, 'auto')
  return (levels.paragraphs[0]?.level ?? 0) % 2 === 1
}
