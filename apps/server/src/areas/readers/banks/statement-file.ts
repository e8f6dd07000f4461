import {
  STATEMENT_FILE_MAX_BYTES,
  STATEMENT_FILE_TOO_LARGE,
  StatementFileBody,
  StatementMapping,
} from '@booking/shared'
import { HttpError } from '../../../lib/http-error.ts'
import { parseBody } from '../../../lib/validate.ts'
import type { Part } from './multipart.ts'
import type { StatementSource } from './statement-read.ts'
import { readStatementHead } from './statement-reader.ts'

/** A multipart body as the content type parser hands it on (routes.ts). */
export interface MultipartBody {
  /** Parts by name (the first of a name wins). */
  multipart: Map<string, Part>
}

const isMultipart = (body: unknown): body is MultipartBody =>
  typeof body === 'object' && body !== null && (body as MultipartBody).multipart instanceof Map

export interface StatementFile {
  fileName: string
  /** The file's first rows (PREVIEW_HEAD), and how many rows it has in all. */
  rows: string[][]
  total: number
  /** The mapping sent with the file, if any. */
  mapping: StatementMapping | null
}

const NO_FILE = 'Choose a CSV or XLSX file'
const tooLarge = () => new HttpError(413, STATEMENT_FILE_TOO_LARGE, { file: STATEMENT_FILE_TOO_LARGE })

const mappingOf = (value: unknown): StatementMapping => parseBody(StatementMapping, value)

/** A file as it came, not read yet: its name, what to read, and the mapping sent with it. */
export interface StatementUpload {
  fileName: string
  source: StatementSource
  mapping: StatementMapping | null
}

/**
 * The file a preview or an import carries, checked but not read: multipart (`file`, optional
 * `mapping` as JSON text) or JSON (`csv` or `xlsx_base64`, optional `mapping`). 400 when there is
 * no file, 413 past STATEMENT_FILE_MAX_BYTES.
 */
export const statementUploadOf = (body: unknown): StatementUpload => {
  if (isMultipart(body)) {
    const file = body.multipart.get('file')
    if (!file || file.data.length === 0) throw new HttpError(400, NO_FILE, { file: NO_FILE })
    if (file.data.length > STATEMENT_FILE_MAX_BYTES) throw tooLarge()
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
    return { fileName: (file.filename ?? 'statement').slice(0, 200), source: { bytes: file.data }, mapping }
  }
  const json = parseBody(StatementFileBody, body)
  const mapping = json.mapping ?? null
  if (json.xlsx_base64) {
    const bytes = Buffer.from(json.xlsx_base64, 'base64')
    if (bytes.length > STATEMENT_FILE_MAX_BYTES) throw tooLarge()
    return { fileName: json.file_name ?? 'statement.xlsx', source: { bytes }, mapping }
  }
  if (!json.csv?.trim()) throw new HttpError(400, NO_FILE, { file: NO_FILE })
  return { fileName: json.file_name ?? 'statement.csv', source: { csv: json.csv }, mapping }
}

/**
 * The rows of the file a preview carries, read in a worker with limits (statement-reader.ts),
 * stopped when `signal` fires.
 */
/**
 * Rows a preview uses: the header (row 50 at most, StatementMapping), the 20 it shows and the
 * ten after a header that the layout guess reads.
 */
const PREVIEW_HEAD = 70

export const statementFileOf = async (body: unknown, signal: AbortSignal): Promise<StatementFile> => {
  const upload = statementUploadOf(body)
  const { rows, total } = await readStatementHead(upload.source, PREVIEW_HEAD, signal)
  return { fileName: upload.fileName, rows, total, mapping: upload.mapping }
}
