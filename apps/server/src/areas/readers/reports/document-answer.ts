import type { AgencySettings } from '@booking/shared'
import type { FastifyReply } from 'fastify'
import { sendTableDoc } from '../../platform/documents/send-table-doc.ts'
import type { DocColumn, TableDoc } from '../../platform/documents/table-doc.ts'
import { printedAt } from '../../platform/settings/routes.ts'

/** A money column of a report's document. */
export const money = (key: string, label: string, pdfWidth = 13, blankZero = false): DocColumn => ({
  key,
  label,
  kind: 'money',
  pdfWidth,
  blankZero,
})

/** JSON, or the document as pdf/xlsx. */
export const answer = async (
  reply: FastifyReply,
  settings: AgencySettings,
  format: 'json' | 'pdf' | 'xlsx',
  json: () => Record<string, unknown>,
  doc: () => TableDoc,
) => {
  if (format === 'json') return { status: 'success', ...json() }
  return sendTableDoc(reply, settings, doc(), format, printedAt(settings))
}
