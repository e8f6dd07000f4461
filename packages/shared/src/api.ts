import { z } from 'zod'

/** The one error body every failing call answers with. */
export interface ApiErrorBody {
  status: 'error'
  message: string
  errors?: Record<string, string>
}

/** Optional list paging/filtering; without any of them a list returns every row, as the spec's client expects. */
export const ListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid date')
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid date')
    .optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  sort: z
    .string()
    .regex(/^-?[a-zA-Z_][a-zA-Z0-9_]*$/)
    .optional(),
  name: z.string().trim().max(200).optional(),
})
export type ListQuery = z.infer<typeof ListQuery>

/** Answer of a paged list call (when limit is given): the spec's wrapper key plus total. */
export interface Paged {
  total: number
}
