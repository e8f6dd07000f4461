import { PDFParse } from 'pdf-parse'
import type { TestApp } from './harness.ts'

/** GET as a role, the raw bytes and headers (PDF, XLSX, CSV answers). */
export const download = async (t: TestApp, role: 'admin' | 'employee', url: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${t.tokens[role]}` },
  })
  return {
    status: res.statusCode,
    type: String(res.headers['content-type'] ?? ''),
    bytes: res.rawPayload,
    res,
  }
}

/** The text of a PDF, as a reader's copy-paste would give it (whitespace runs collapsed). */
export const pdfText = async (bytes: Buffer): Promise<string> => {
  const parser = new PDFParse({ data: new Uint8Array(bytes) })
  try {
    const { text } = await parser.getText()
    return text.replace(/\s+/g, ' ')
  } finally {
    await parser.destroy()
  }
}
