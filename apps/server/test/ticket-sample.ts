import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const SAMPLES = join(import.meta.dirname, '../../../packages/shared/src/tickets/samples')

/** One of the project's own ticket samples, by file name. */
export const ticketSample = (file: string) => readFileSync(join(SAMPLES, file), 'utf8')

/** The 3-passenger PIA return ticket the fuzz test, API tests and browser test paste. */
export const TICKET_SAMPLE = ticketSample('pia-eticket-3pax-return.txt')
