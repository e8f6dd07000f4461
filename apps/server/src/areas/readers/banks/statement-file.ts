import { parseCsv, StatementFileBody, StatementMapping } from '@booking/shared'
import { HttpError } from '../../../lib/http-error.ts'
import { parseBody } from '../../../lib/validate.ts'
import type { Part } from './multipart.ts'
import { isZip, readXlsxRows, XlsxError } from './xlsx-read.ts'

/** A multipart body as the content type parser hands it on (routes.ts). */
export interface MultipartBody {
  /** Parts by name (the first of a name wins). */
  multipart: Map<string, Part>
}

const isMultipart = (body: unknown): body is MultipartBody =>
  typeof body === 'object' && body !== null && (body as MultipartBody).multipart instanceof Map

export interface StatementFile {
  fileName: string
  rows: string[][]
  /** The mapping sent with the file, if any. */
  mapping: StatementMapping | null
}

const NO_FILE = 'Choose a CSV or XLSX file'

const rowsOf = (bytes: Uint8Array): string[][] => {
  if (isZip(bytes)) {
    try {
      return readXlsxRows(bytes)
    } catch (err) {
      if (err instanceof XlsxError) throw new HttpError(400, err.message, { file: err.message })
      throw err
    }
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes)
  if (text.includes('\u0000'))
    throw new HttpError(400, 'The file is neither CSV text nor an XLSX workbook', { file: NO_FILE })
  return parseCsv(text)
}

const mappingOf = (value: unknown): StatementMapping => parseBody(StatementMapping, value)

/**
 * The rows of the file a preview or an import carries: multipart (`file`, optional `mapping` as
 * JSON text) or JSON (`csv` or `xlsx_base64`, optional `mapping`). 400 when there is no file.
 */
export const statementFileOf = (body: unknown): StatementFile => {
  if (isMultipart(body)) {
    const file = body.multipart.get('file')
    if (!file || file.data.length === 0) throw new HttpError(400, NO_FILE, { file: NO_FILE })
    const mappingPart = body.multipart.get('mapping')
    let mapping: StatementMapping | null = null
    if (mappingPart && mappingPart.data.length > 0) {
      let json: unknown
      try {
        json = JSON.parse(mappingPart.data.toString('utf8'))
      } catch {
        throw new HttpError(400, 'The mapping is not valid JSON', {
          mapping: 'The mapping is not valid JSON',
        })
      }
      mapping = mappingOf(json)
    }
    return { fileName: (file.filename ?? 'statement').slice(0, 200), rows: rowsOf(file.data), mapping }
  }
  const json = parseBody(StatementFileBody, body)
  const mapping = json.mapping ?? null
  if (json.xlsx_base64) {
    const bytes = Buffer.from(json.xlsx_base64, 'base64')
    return { fileName: json.file_name ?? 'statement.xlsx', rows: rowsOf(bytes), mapping }
  }
  if (!json.csv?.trim()) throw new HttpError(400, NO_FILE, { file: NO_FILE })
  return { fileName: json.file_name ?? 'statement.csv', rows: parseCsv(json.csv), mapping }
}
