import type { ListQuery } from '@booking/shared'
import type { FastifyReply } from 'fastify'
import type { Kysely } from 'kysely'
import type { Db } from '../db/connect.ts'
import type { Database } from '../db/schema.ts'
import type { AuthUser } from '../plugins/auth.ts'
import type { AnyRecordRow, ApiRow, CrudConfig } from './record-hooks.ts'

// The record lifecycle (lib/crud.ts) sits below the areas, so it never imports them: what an area
// keeps beside every record (the customer link and passport index, credit limits, list files) is
// handed to it here once, when the app is put together (areas/extensions.ts, decision 076).

type Trx = Kysely<Database>
type Source = { type: string; id: number }
type Actor = { user: AuthUser; overrideReason?: string; approvedBy?: string; bookingRequest?: number }

/** What a list file reads of its record type. */
export type ListFileConfig = Pick<
  CrudConfig,
  'list' | 'listKey' | 'table' | 'search' | 'dateColumn' | 'path' | 'label' | 'sortable' | 'columnOf'
>

/** A list answered as a file (CSV, XLSX) instead of JSON, with its search, dates and sort. */
export type ListFile = (
  reply: FastifyReply,
  db: Db,
  cfg: ListFileConfig,
  toApi: (row: AnyRecordRow) => Record<string, unknown>,
  query: ListQuery,
  user: AuthUser,
) => Promise<unknown>

export interface RecordExtensions {
  /** After a row is written (create, update, restore), before its journal, postings and audit read it. */
  written: (trx: Trx, table: string, row: ApiRow, before: ApiRow | null, input?: unknown) => Promise<void>
  /**
   * Adds what an area keeps beside a record to its answers (GET one, lists, create, update), in
   * place; `answers` are the toApi shapes of rows of `table` (by their `id`).
   */
  answered: (db: Kysely<Database>, table: string, answers: Record<string, unknown>[]) => Promise<void>
  /** After a row is removed. */
  removed: (trx: Trx, table: string, id: number) => Promise<void>
  /**
   * Runs before a write (`created` when there was no row); the check it answers runs after the
   * record's postings, in its transaction, and may refuse the write.
   */
  postingsCheck: (trx: Trx, source: Source, actor: Actor, created: boolean) => Promise<() => Promise<void>>
  /** What the raw body says beyond the record's schema (an admin's override reason). */
  overrideReasonOf: (body: unknown) => string | undefined
  /** The portal's booking request a new record books, from the raw body (issue 35 item 4). */
  bookingRequestOf: (body: unknown) => number | undefined
  /** After a new record's postings and credit check, before its audit (links a booking request). */
  created: (trx: Trx, source: Source, actor: Actor) => Promise<void>
  /** The file a list query asks for, or null for the JSON list. */
  listFileOf: (query: unknown) => ListFile | null
}

const NONE: RecordExtensions = {
  written: async () => {},
  answered: async () => {},
  removed: async () => {},
  postingsCheck: async () => async () => {},
  overrideReasonOf: () => undefined,
  bookingRequestOf: () => undefined,
  created: async () => {},
  listFileOf: () => null,
}

let current: RecordExtensions = NONE

/** Hands the lifecycle what the areas keep beside every record (once, at start). */
export const extendRecords = (extensions: RecordExtensions) => {
  current = extensions
}

/** What the areas keep beside every record (nothing until `extendRecords`). */
export const recordExtensions = (): RecordExtensions => current
