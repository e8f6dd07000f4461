import type { Correction } from '@booking/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { createContext } from 'react'
import { api } from './api.ts'

/** Set around a record form opened by an employee to propose a change instead of saving it. */
export interface CorrectionMode {
  table: string
  /** The record as the list answered it. */
  original: Record<string, unknown>
  reason: string
}
export const CorrectionContext = createContext<CorrectionMode | null>(null)

/** JSON text (passenger lists) as values, empty as null, numeric text as numbers, so equal values compare equal. */
const normal = (v: unknown): unknown => {
  if (v === undefined || v === '') return null
  if (typeof v === 'string' && /^[[{]/.test(v)) {
    try {
      return JSON.parse(v)
    } catch {
      return v
    }
  }
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v)
  return v
}

/** The fields of `body` that differ from the record as it is. */
export const changedFields = (original: Record<string, unknown>, body: Record<string, unknown>) => {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(body)) {
    // Umrah answers its lead pilgrim in passportDetail (the spec's shape) and every pilgrim in
    // `passengers` (decision 048): the form's list compares with the whole list.
    const before =
      k === 'passportDetail' && Array.isArray(original.passengers) ? original.passengers : original[k]
    if (JSON.stringify(normal(v)) !== JSON.stringify(normal(before))) out[k] = v
  }
  return out
}

export interface CorrectionBody {
  table: string
  record_id: number
  action: 'update' | 'delete'
  changes?: Record<string, unknown>
  reason: string
}

export const useRequestCorrection = () => {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: CorrectionBody) => api.post<{ correction: Correction }>('/corrections', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['corrections'] }),
  })
}

/** An employee's own requests (GET /corrections) or the admins' queue (GET /admin/corrections). */
export const useCorrections = (scope: 'mine' | 'pending' | 'all') =>
  useQuery({
    queryKey: ['corrections', scope],
    queryFn: () =>
      api.get<{ corrections: Correction[] }>(
        scope === 'mine' ? '/corrections' : '/admin/corrections',
        scope === 'all' ? { status: 'all' } : undefined,
      ),
  })
