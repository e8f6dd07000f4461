/** What tesseract.js may read: the MRZ alphabet only, so no lower case or punctuation to clean. */
export declare const MRZ_OCR_WHITELIST = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<'
/** Photos are scaled down to this width before OCR: larger only costs seconds on a phone. */
export declare const MRZ_OCR_MAX_WIDTH = 1600
export interface MrzOcrFix {
  line: 1 | 2
  /** 1-based, as `parseMrz` counts. */
  position: number
  read: string
  fixed: string
}
export type MrzOcrResult =
  | {
      ok: true
      lines: [string, string]
      fixes: MrzOcrFix[]
    }
  | {
      ok: false
      message: string
    }
export declare const NO_MRZ_IN_PHOTO =
  'No passport MRZ was found in the photo. Take it again with the two lines at the foot of the photo page flat, sharp and filling the width, or paste the lines.'
/**
 * The two MRZ lines in OCR text, repaired; `ok: false` when nothing like them is there.
 * `pageText` is the whole page's text when `text` is a read of the zone alone.
 */
export declare const mrzFromOcrText: (text: string, pageText?: string) => MrzOcrResult
/** How many of line 2's five check digits hold (0 when nothing was found): to choose between reads. */
export declare const mrzChecksHeld: (result: MrzOcrResult) => number
export interface OcrRect {
  left: number
  top: number
  width: number
  height: number
}
/** One OCR pass as the engine gives it: the text and each line's box. */
export interface OcrRead {
  text: string
  lines: Array<{
    text: string
    bbox: {
      x0: number
      y0: number
      x1: number
      y1: number
    }
  }>
}
/**
 * The reading strategy, the same in the browser and the benchmark: the whole page first; unless
 * that gives a zone whose five check digits hold, the two lowest long lines are read again on
 * their own (as one block, so the engine sees only the zone), and the better of the two reads wins.
 */
export declare const readMrzPage: (recognize: (area?: OcrRect) => Promise<OcrRead>) => Promise<MrzOcrResult>
