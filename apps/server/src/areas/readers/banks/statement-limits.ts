/**
 * What a statement file may hold (issue 33 item 1, decision 085). A year of a busy account is a
 * few thousand lines; the limits leave room for ten times that and keep one reading well under the
 * worker's memory cap, so a file past them is refused by name before the work it would cost.
 */
export const STATEMENT_LIMITS = {
  /** Rows of a sheet or a CSV file. */
  rows: 100_000,
  /** Columns of a row. */
  columns: 64,
  /** Characters of one cell. */
  cellChars: 10_000,
  /** Entries of an XLSX file's shared strings. */
  sharedStrings: 1_000_000,
  /** Declared unpacked size of one part of an XLSX file (the sheet, its strings, its styles). */
  partBytes: 48 * 1024 * 1024,
  /** Declared unpacked size of all the parts read. */
  unzippedBytes: 64 * 1024 * 1024,
  /** Time one file may take to read, in the worker. */
  readMs: 10_000,
  /** The reading worker's heap (resourceLimits): past it the worker is stopped, the server is not. */
  heapMb: 192,
} as const

/** A file past one of the limits: answered 413 with its message. */
export class FileLimitError extends Error {}
