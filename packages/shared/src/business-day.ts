/**
 * The business day: money is dated the day it moved in the agency's time zone (AGENCY_TZ, default
 * Asia/Karachi), whatever zone the server or the browser runs in (docs/decisions/019).
 */
export const DEFAULT_AGENCY_TZ = 'Asia/Karachi'

type Env = { process?: { env?: Record<string, string | undefined> } }

/** AGENCY_TZ from the environment where there is one (the server), else Asia/Karachi. */
export const agencyTz = (): string => (globalThis as Env).process?.env?.AGENCY_TZ || DEFAULT_AGENCY_TZ

const formats = new Map<string, Intl.DateTimeFormat>()
const formatFor = (tz: string) => {
  let f = formats.get(tz)
  if (!f) {
    // en-CA writes yyyy-mm-dd.
    f = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' })
    formats.set(tz, f)
  }
  return f
}

/** The agency's calendar day (yyyy-mm-dd) of an instant; '' for something that is not an instant. */
export const businessDayOf = (instant: Date | string | number, tz: string = agencyTz()): string => {
  const at = instant instanceof Date ? instant : new Date(instant)
  if (Number.isNaN(at.getTime())) return ''
  return formatFor(tz).format(at)
}

/** Today in the agency's zone: the date every money movement saved now carries. */
export const businessToday = (now: Date | number = Date.now(), tz: string = agencyTz()): string =>
  businessDayOf(now, tz)
