// A server whose clock starts at a chosen instant, for browser tests that must see a record saved
// at a given time of day (issue 23.4: 00:30 in Karachi is the previous day in UTC). With
// TEST_CLOCK=<ISO instant> set, `Date.now()` and `new Date()` run from that instant onwards at the
// normal pace, so every created_at, business day, print stamp and file name agrees. Unset (always
// outside tests) this module changes nothing. Imported first by main.ts, before any other code
// reads the time.

const start = process.env.TEST_CLOCK
if (start) {
  const at = Date.parse(start)
  if (Number.isNaN(at)) throw new Error(`TEST_CLOCK is not an instant: ${start}`)
  const RealDate = Date
  const offset = at - RealDate.now()
  class ShiftedDate extends RealDate {
    constructor(...args: ConstructorParameters<DateConstructor> | []) {
      if (args.length === 0) super(RealDate.now() + offset)
      else super(...(args as ConstructorParameters<DateConstructor>))
    }
    static override now() {
      return RealDate.now() + offset
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor
  console.log(`TEST_CLOCK: this server's clock reads ${new Date().toISOString()}`)
}
