import { MRZ_OCR_MAX_WIDTH, MRZ_OCR_WHITELIST, type MrzOcrResult, readMrzPage } from '@booking/shared/mrz-ocr'
import { createWorker, OEM, PSM } from 'tesseract.js'

/**
 * OCR of a passport photo in the browser. Loaded with import() when someone picks a photo, so
 * tesseract.js never weighs on the first screen. Its worker, wasm core and language data come
 * from our own server (/ocr/, copied from the npm packages at build: build/ocr-assets.ts).
 */

export interface OcrProgress {
  /** 0–1 */
  progress: number
  status: string
}

const fromHere = (path: string) => new URL(path, window.location.origin).href

/** A phone photo (4000 px) scaled to MRZ_OCR_MAX_WIDTH: tesseract's time grows with the pixels. */
const scaled = async (file: Blob): Promise<Blob> => {
  const bitmap = await createImageBitmap(file)
  if (bitmap.width <= MRZ_OCR_MAX_WIDTH) {
    bitmap.close()
    return file
  }
  const scale = MRZ_OCR_MAX_WIDTH / bitmap.width
  const canvas = document.createElement('canvas')
  canvas.width = MRZ_OCR_MAX_WIDTH
  canvas.height = Math.round(bitmap.height * scale)
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
  bitmap.close()
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The photo could not be read'))), 'image/png'),
  )
}

/** The two MRZ lines read off the photo and repaired (`readMrzPage`), or why none were found. */
export const readMrzFromPhoto = async (
  file: Blob,
  onProgress: (p: OcrProgress) => void,
  signal: AbortSignal,
): Promise<MrzOcrResult> => {
  const worker = await createWorker('eng', OEM.LSTM_ONLY, {
    workerPath: fromHere('/ocr/worker.min.js'),
    corePath: fromHere('/ocr/core/'),
    langPath: fromHere('/ocr/lang'),
    gzip: true,
    // The worker loads from our origin directly: a blob: worker would need a wider CSP.
    workerBlobURL: false,
    logger: (m) => onProgress({ progress: m.progress, status: m.status }),
  })
  const stop = () => void worker.terminate()
  signal.addEventListener('abort', stop)
  try {
    await worker.setParameters({
      tessedit_char_whitelist: MRZ_OCR_WHITELIST,
      tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
    })
    const image = await scaled(file)
    return await readMrzPage(async (area) => {
      const { data } = await worker.recognize(image, area ? { rectangle: area } : {}, {
        text: true,
        blocks: true,
      })
      return {
        text: data.text,
        lines: (data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines)),
      }
    })
  } finally {
    signal.removeEventListener('abort', stop)
    await worker.terminate()
  }
}
