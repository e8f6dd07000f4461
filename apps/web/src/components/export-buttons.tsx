import { Download, FileText, Printer } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { downloadFile } from '../lib/files.ts'

type Query = Record<string, string | number | undefined | null>
export type FileFormat = 'csv' | 'xlsx' | 'pdf'

const LABELS: Record<FileFormat, string> = { csv: 'CSV', xlsx: 'Excel', pdf: 'PDF' }

/**
 * Download buttons for one API address: the same query the screen shows, plus `format`.
 * `print` adds a Print button (the print stylesheet leaves the navigation out).
 */
export const ExportButtons = ({
  path,
  query,
  formats,
  name,
  print = false,
}: {
  path: string
  query: Query
  formats: FileFormat[]
  /** Fallback file name without extension. */
  name: string
  print?: boolean
}) => {
  const [busy, setBusy] = useState<FileFormat | null>(null)
  const get = async (format: FileFormat) => {
    setBusy(format)
    try {
      await downloadFile(path, { ...query, format }, `${name}.${format}`)
    } catch (err) {
      toast.error((err as Error).message)
    } finally {
      setBusy(null)
    }
  }
  return (
    <div className="no-print flex flex-wrap gap-2">
      {formats.map((f) => (
        <button
          key={f}
          type="button"
          className="btn-secondary"
          disabled={busy !== null}
          aria-busy={busy === f || undefined}
          onClick={() => get(f)}
        >
          {f === 'pdf' ? (
            <FileText className="h-4 w-4" aria-hidden />
          ) : (
            <Download className="h-4 w-4" aria-hidden />
          )}
          {LABELS[f]}
        </button>
      ))}
      {print && (
        <button type="button" className="btn-secondary" onClick={() => window.print()}>
          <Printer className="h-4 w-4" aria-hidden />
          Print
        </button>
      )}
    </div>
  )
}
