/**
 * The business day: money is dated the day it moved in the agency's time zone (AGENCY_TZ, default
 * Asia/Karachi), whatever zone the server or the browser runs in (docs/decisions/019).
 */
export const DEFAULT_AGENCY_TZ = 'Asia/Karachi'

type Env = { process?: { env?: Record<string, string | undefined> } }

/** AGENCY_TZ from the environment where there is one (the server), else Asia/Karachi. */
export const agencyTz = (): string => (globalThis as Env).process?.env?.AGENCY_TZ || DEFAULT_AGENCY_TZ

/** The two ways a zone's clock is read: its calendar day (en-CA writes yyyy-mm-dd) and its wall clock. */
const SHAPES = {
  day: ['en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }],
  clock: [
    'en-US',
    {
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    },
  ],
} as const satisfies Record<string, readonly [string, Intl.DateTimeFormatOptions]>

const formats = new Map<string, Intl.DateTimeFormat>()
/** One formatter per zone and shape, made once: building an Intl.DateTimeFormat is the slow part. */
const formatter = (tz: string, shape: keyof typeof SHAPES) => {
  const key = `${shape} ${tz}`
  let f = formats.get(key)
  if (!f) {
    const [locale, options] = SHAPES[shape]
    f = new Intl.DateTimeFormat(locale, { timeZone: tz, ...options })
    formats.set(key, f)
  }
  return f
}

/** The agency's calendar day (yyyy-mm-dd) of an instant; '' for something that is not an instant. */
export const businessDayOf = (instant: Date | string | number, tz: string = agencyTz()): string => {
  const at = instant instanceof Date ? instant : new Date(instant)
  if (Number.isNaN(at.getTime())) return ''
  return formatter(tz, 'day').format(at)
}

/** Today in the agency's zone: the date every money movement saved now carries. */
export const businessToday = (now: Date | number = Date.now(), tz: string = agencyTz()): string =>
  businessDayOf(now, tz)

/** The zone's offset from UTC at an instant, in ms, read back from its wall clock. */
export const zoneOffsetMs = (at: number, tz: string = agencyTz()): number => offsetAt(at, tz)
const offsetAt = (at: number, tz: string): number => {
  const p = Object.fromEntries(
    formatter(tz, 'clock')
      .formatToParts(at)
      .map((x) => [x.type, Number(x.value)]),
  )
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!)
  return wall - (at - (at % 1000))
}

/**
 * The instant (ISO, UTC) at which the agency's day `day` (yyyy-mm-dd) begins: a list filtered by
 * days on a saved-at timestamp (`created_at`) compares against these, so "To 30/06" takes in
 * everything saved that day, agency time.
 */
export const businessDayStart = (day: string, tz: string = agencyTz()): string => {
  const [y, m, d] = day.split('-').map(Number)
  const midnight = Date.UTC(y!, m! - 1, d!)
  // Twice: the offset at the first guess may differ across a daylight-saving change.
  let at = midnight - offsetAt(midnight, tz)
  at = midnight - offsetAt(at, tz)
  return new Date(at).toISOString()
}
