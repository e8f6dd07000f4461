import { z } from 'zod'
import { MAX_ID } from './fields.ts'
import { SALE_REQUEST_TABLES, type SaleRequestTable } from './records/spec.ts'

/**
 * A sale refused by a credit limit, sent for approval (issue 37 item 2, decision 098): the form's
 * whole body is kept as it was typed, with the employee who sold it; an admin approves it (the
 * record is then saved as that employee's, the admin named as approver, the reason kept in the
 * history) or refuses it with a reason.
 */

export const SaleRequestInput = z.object({
  table: z.enum(SALE_REQUEST_TABLES, { error: 'This record cannot be sent for approval' }),
  /** The form's body exactly as its save would have sent it. */
  body: z.record(z.string(), z.unknown(), { error: 'The sale is required' }),
  /** What the employee tells the admin (optional). */
  note: z.string().trim().max(1000, 'Note cannot exceed 1000 characters').optional(),
})
export type SaleRequestInput = z.infer<typeof SaleRequestInput>

/** The admin's reason, required to approve (why past the limit) and to refuse. */
export const SaleDecisionInput = z.object({
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(1000, 'Reason cannot exceed 1000 characters'),
})

export const SaleRequestsQuery = z.object({
  status: z.enum(['pending', 'approved', 'refused', 'all'], { error: 'Unknown status' }).optional(),
})

export const SaleRequestParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) })

export interface SaleRequest {
  id: number
  table: SaleRequestTable
  body: Record<string, unknown>
  /** The credit limit message the sale was refused with. */
  refusal: string
  note: string | null
  status: 'pending' | 'approved' | 'refused'
  requested_by: string
  requested_at: string
  decided_by: string | null
  decided_at: string | null
  reason: string | null
  /** The record saved on approval. */
  record_id: number | null
  entry: string | null
}

const request = z.looseObject({ id: z.number().int() }).describe('SaleRequest')
export const SaleRequestAnswer = z.object({
  status: z.literal('success'),
  message: z.string(),
  request,
})
export const SaleRequestsAnswer = z.object({ status: z.literal('success'), requests: z.array(request) })
