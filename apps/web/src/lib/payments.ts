import {
  fromPaisa,
  type Payment,
  type PaymentAnswer,
  type PaymentList,
  type PaymentSource,
  toPaisa,
} from '@booking/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from './api.ts'

const key = (source: PaymentSource, id: number) => ['/payments', source, id] as const

/** A record's payments, oldest first as the server lists them. */
export const usePayments = (source: PaymentSource, id: number, enabled = true) =>
  useQuery({
    queryKey: key(source, id),
    queryFn: async () =>
      (
        await api.get<PaymentList>('/payments', {
          source_type: source,
          source_id: id,
        })
      ).payments,
    enabled,
  })

/**
 * A payment moves the record's remaining, cash or a bank, and the agent's or customer's
 * balance: every screen that shows one of them is refetched.
 */
const useInvalidateAfterPayment = (source: PaymentSource, id: number) => {
  const qc = useQueryClient()
  return () => {
    for (const k of [`/${source}`, '/payments', 'dashboard', '/agent', '/accounts', '/reports'])
      qc.invalidateQueries({ queryKey: [k] })
    qc.invalidateQueries({ queryKey: key(source, id) })
  }
}

export type { Payment, PaymentSource }

export const useReceivePayment = (source: PaymentSource, id: number) => {
  const refresh = useInvalidateAfterPayment(source, id)
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      api.post<PaymentAnswer>('/payments', { ...body, source_type: source, source_id: id }),
    onSuccess: refresh,
  })
}

export const useDeletePayment = (source: PaymentSource, id: number) => {
  const refresh = useInvalidateAfterPayment(source, id)
  return useMutation({
    mutationFn: (paymentId: number) => api.delete(`/payments/${paymentId}`),
    onSuccess: refresh,
  })
}

/** What a record received through Receive Payment since it was saved (the API's payments_total). */
export const paidLater = (record: object | null | undefined): number => {
  // Umrah answers in camelCase.
  const r = record as { payments_total?: unknown; paymentsTotal?: unknown } | null | undefined
  const n = Number(r?.payments_total ?? r?.paymentsTotal ?? 0)
  return Number.isFinite(n) ? n : 0
}

/** A form's live remaining less the later payments, to the paisa, as the server stores it. */
export const lessPaidLater = (remaining: number, later: number) =>
  later ? fromPaisa(toPaisa(remaining) - toPaisa(later)) : remaining
