import { settlementsAnswered } from '../books/fx-settlement.ts'
import { extendRecords, type RecordExtensions } from '../lib/record-extensions.ts'
import { exportFormatOf, exportList } from './platform/exports/list-export.ts'
import { enforceCreditLimits, overrideReasonOf, partyLinesOf } from './readers/collect/credit.ts'
import { indexRecord, unindexRecord } from './readers/passengers/record-index.ts'
import { bookingRequestOf, linkBookingRequest } from './readers/portal/requests.ts'
import { taxAnswered, taxWritten } from './records/tax/extensions.ts'

/**
 * What every record's lifecycle keeps beside it, from the areas that own it (decision 076): the
 * customer link and passport index (issue 17), credit limits (issue 25), lists as files, and the
 * portal's booking requests (issue 35).
 */
export const RECORD_EXTENSIONS: RecordExtensions = {
  written: async (trx, table, row, before, input) => {
    await indexRecord(trx, table, row, before)
    // After the customer link: a sale's tax follows its customer's province (issue 36).
    await taxWritten(trx, table, row, before, input)
  },
  answered: async (db, table, answers) => {
    await taxAnswered(db, table, answers)
    // What a foreign payment settled (issue 34 item 4, decision 120).
    await settlementsAnswered(db, table, answers)
  },
  removed: unindexRecord,
  postingsCheck: async (trx, source, actor, created) => {
    // A new record had no lines before; an edit compares with the lines it had.
    const before = created ? new Map<string, number>() : await partyLinesOf(trx, source)
    return () => enforceCreditLimits(trx, source, before, actor)
  },
  overrideReasonOf,
  // A record made from a portal booking request links it in its transaction (issue 35 item 4).
  bookingRequestOf,
  created: linkBookingRequest,
  listFileOf: (query) => {
    const format = exportFormatOf(query)
    return format
      ? (reply, db, cfg, toApi, q, user) => exportList(reply, db, cfg, toApi, q, user, format)
      : null
  },
}

extendRecords(RECORD_EXTENSIONS)
