/** A record type an agent may request from the desk, as the build wrote it (vite.config.ts). */
export interface RequestKind {
  /** The type's form type: a request's `kind`. */
  kind: string
  name: string
  /** Its name in Urdu. */
  ur: string
  /** Its key in the desk's bookings answer. */
  desk: string
}

declare const __REQUEST_KINDS__: readonly RequestKind[]

/**
 * The requestable types, read from the RecordSpecs when the app was built (decision 118): the desk
 * imports this instead of the record specs, whose schemas it would otherwise build at load.
 */
export const REQUEST_KINDS: readonly RequestKind[] = __REQUEST_KINDS__
