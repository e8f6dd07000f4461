import { z } from 'zod'
import { MAX_ID } from './fields.ts'
import { ALL_RECORD_SPECS } from './records/spec.ts'

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid date')
  .optional()

/** GET /api/admin/audit filters; dates are business days (from/to inclusive). */
export const AuditQuery = z.object({
  table: z.string().trim().max(60).optional(),
  record_id: z.coerce
    .number()
    .int()
    .positive('Invalid record ID')
    .max(MAX_ID, 'Invalid record ID')
    .optional(),
  user: z.string().trim().max(100).optional(),
  from: isoDate,
  to: isoDate,
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).optional(),
})
export type AuditQuery = z.infer<typeof AuditQuery>

/** One field that an audit entry or a correction changes, in the record's answer shape (rupees). */
export interface FieldChange {
  field: string
  before: unknown
  after: unknown
}

export interface AuditEntry {
  id: number
  at: string
  user_id: number | null
  username: string
  approved_by: string | null
  /** create, update, delete, restore; the log may hold other events too (sign-ins, approvals). */
  action: 'create' | 'update' | 'delete' | 'restore' | (string & {})
  table: string
  record_id: number
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
  changes: FieldChange[]
}

/** Field by field, what differs between two versions of a record (either may be null). */
export const fieldChanges = (
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): FieldChange[] => {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])
  const out: FieldChange[] = []
  for (const field of keys) {
    const b = before?.[field] ?? null
    const a = after?.[field] ?? null
    if (JSON.stringify(b) !== JSON.stringify(a)) out.push({ field, before: b, after: a })
  }
  return out
}

export const CorrectionInput = z
  .object({
    table: z.string({ error: 'Table is required' }).trim().min(1, 'Table is required').max(60),
    record_id: z.coerce
      .number({ error: 'Record ID is required' })
      .int('Invalid record ID')
      .positive('Record ID is required')
      .max(MAX_ID, 'Invalid record ID'),
    action: z.enum(['update', 'delete'], { error: 'Action must be update or delete' }),
    changes: z.record(z.string(), z.unknown()).optional(),
    reason: z
      .string({ error: 'Reason is required' })
      .trim()
      .min(1, 'Reason is required')
      .max(1000, 'Reason cannot exceed 1000 characters'),
  })
  .refine((v) => v.action !== 'update' || (v.changes && Object.keys(v.changes).length > 0), {
    message: 'Changes are required for an update',
    path: ['changes'],
  })
export type CorrectionInput = z.infer<typeof CorrectionInput>

export const DecisionInput = z.object({
  note: z.string().trim().max(1000, 'Note cannot exceed 1000 characters').optional(),
})

export interface Correction {
  id: number
  table: string
  record_id: number
  action: 'update' | 'delete'
  changes: Record<string, unknown> | null
  reason: string
  status: 'pending' | 'approved' | 'rejected'
  requested_by: string
  requested_at: string
  decided_by: string | null
  decided_at: string | null
  decision_note: string | null
  /** The record's entry number while it exists, for people to recognise it. */
  entry: string | null
  /** The record's fields the request would change: now → proposed. */
  diff: FieldChange[]
}

export const PasswordChangeInput = z.object({
  current_password: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(200),
  new_password: z
    .string({ error: 'New password is required' })
    .min(1, 'New password is required')
    .min(8, 'Password must be at least 8 characters')
    .max(200, 'Password cannot exceed 200 characters'),
})
export type PasswordChangeInput = z.infer<typeof PasswordChangeInput>

export const UserUpdateInput = z
  .object({
    role: z.enum(['admin', 'employee'], { error: 'Role must be admin or employee' }).optional(),
    active: z.boolean({ error: 'active must be true or false' }).optional(),
  })
  .refine((v) => v.role !== undefined || v.active !== undefined, {
    message: 'Nothing to change',
    path: ['role'],
  })
export type UserUpdateInput = z.infer<typeof UserUpdateInput>

export interface AccountUser {
  id: number
  username: string
  email: string
  role: 'admin' | 'employee'
  isApproved: boolean
  active: boolean
  created_at: string
}

export interface BackupFile {
  name: string
  size: number
  created_at: string
}

/** Each record area's API path, its table (as the history and corrections name it) and its screen name. */
export const RECORD_TABLES: Record<string, { table: string; name: string }> = Object.fromEntries(
  ALL_RECORD_SPECS.map((s) => [s.path, { table: s.table, name: s.name }]),
)

/** The screen name of a table ('tickets' -> 'Ticket'). */
export const tableName = (table: string) =>
  Object.values(RECORD_TABLES).find((t) => t.table === table)?.name ?? OTHER_TABLES[table] ?? table

/** History rows of what is not a record type (issue 24: the lock date, the day's cash count). */
const OTHER_TABLES: Record<string, string> = { books_locks: 'Lock date', cash_counts: 'Cash count' }
