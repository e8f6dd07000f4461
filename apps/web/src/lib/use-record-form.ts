import {
  ALL_RECORD_SPECS,
  CONFIRM_EXPIRED,
  OVERRIDE_REASON_KEY,
  SALE_REQUEST_TABLES,
  type SaleRequestTable,
  SEND_FOR_APPROVAL_KEY,
} from '@booking/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import { useContext, useState } from 'react'
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form'
import { toast } from 'sonner'
import type { z } from 'zod'
import { ApiError, api } from './api.ts'
import { CorrectionContext, changedFields, useRequestCorrection } from './corrections.ts'
import { useSaveRecord } from './records.ts'

interface Options<S extends z.ZodType> {
  schema: S
  path: string
  /** The record being edited (PUT) or null (POST). */
  id: number | null
  defaultValues: DefaultValues<z.input<S> & FieldValues>
  /** Prefix the server message ("Failed to submit form: ...") instead of replacing it. */
  failurePrefix?: string
  /** Body sent to the server, from the validated values. */
  toBody?: (values: z.output<S>) => unknown
  /**
   * The success toasts, word for word as the spec has them, e.g. 'Ticket saved' / 'Ticket updated'.
   * `vendorFailed`: the spec's text for a booking saved while its vendor posting failed. Our server
   * posts in the booking's own transaction, so it never reports that; the text stays for a server
   * that answers `vendorPosting: 'failed'` beside a saved record.
   */
  toasts: { saved: string; updated: string; vendorFailed?: string }
  /** A second line for the success toast, from the server's answer (what a payment settled). */
  note?: (answer: unknown) => string | undefined
  /** Closes the form after the toast. */
  onDone: () => void
}

/** The question an expired passport raises before a save (issue 23). */
export interface ExpiredConfirm {
  message: string
  confirm: () => Promise<void>
  cancel: () => void
}

/**
 * A sale past a credit limit (issues 25 and 37): an admin saves it anyway with a reason; an
 * employee sends it, as typed, for an admin's approval. Asked in the app's own dialog.
 */
export interface CreditAsk {
  mode: 'override' | 'approval'
  message: string
  send: (reason: string) => Promise<void>
  cancel: () => void
}

const FAILURE = 'Failed to submit form. Please try again later.'

/** The record type a form's path saves, when its sales may be sent for approval. */
const saleTableOf = (path: string): SaleRequestTable | null => {
  const table = ALL_RECORD_SPECS.find((s) => s.path === path)?.table
  return (SALE_REQUEST_TABLES as readonly string[]).includes(table ?? '') ? (table as SaleRequestTable) : null
}

/**
 * react-hook-form on the shared zod schema (so the browser shows the server's messages), with
 * save, server field errors mapped onto fields, and one general error line.
 */
export const useRecordForm = <S extends z.ZodType>(opts: Options<S>) => {
  const form = useForm<z.input<S> & FieldValues, unknown, z.output<S>>({
    resolver: zodResolver(opts.schema as z.ZodType<z.output<S>, z.input<S> & FieldValues>),
    mode: 'onTouched',
    defaultValues: opts.defaultValues,
  })
  const save = useSaveRecord<unknown>(opts.path)
  const correction = useContext(CorrectionContext)
  const request = useRequestCorrection()
  const [error, setError] = useState<string | null>(null)

  const submit = form.handleSubmit(async (values) => {
    setError(null)
    let sent: Record<string, unknown> | undefined
    try {
      if (correction && opts.id !== null) {
        // An employee's edit is a request: only the changed fields go to an admin, with the reason.
        const body = (opts.toBody ? opts.toBody(values) : values) as Record<string, unknown>
        const changes = changedFields(correction.original, body)
        if (Object.keys(changes).length === 0)
          return setError('Change at least one field to request a correction')
        if (!correction.reason.trim()) return setError('Reason is required')
        await request.mutateAsync({
          table: correction.table,
          record_id: opts.id,
          action: 'update',
          changes,
          reason: correction.reason,
        })
        toast.success('Correction request sent for approval')
        return opts.onDone()
      }
      sent = (opts.toBody ? opts.toBody(values) : values) as Record<string, unknown>
      await send(sent)
    } catch (err) {
      failed(err, sent)
    }
  })

  const [credit, setCredit] = useState<{
    mode: CreditAsk['mode']
    message: string
    body: Record<string, unknown>
  } | null>(null)

  const send = async (body: Record<string, unknown>) => {
    try {
      done(await save.mutateAsync({ id: opts.id, body }))
    } catch (err) {
      // Past a credit limit: asked in a dialog; the form keeps everything typed meanwhile.
      if (err instanceof ApiError && err.status === 409) {
        const table = saleTableOf(opts.path)
        const mode = err.errors[OVERRIDE_REASON_KEY]
          ? 'override'
          : err.errors[SEND_FOR_APPROVAL_KEY] && opts.id === null && table
            ? 'approval'
            : null
        if (mode) {
          setCredit({ mode, message: err.message, body })
          return
        }
      }
      throw err
    }
  }

  const done = (answer: unknown) => {
    const { saved, updated, vendorFailed } = opts.toasts
    if (vendorFailed && (answer as { vendorPosting?: string } | null)?.vendorPosting === 'failed') {
      toast.error(vendorFailed)
    } else {
      const description = opts.note?.(answer)
      toast.success(opts.id !== null ? updated : saved, description ? { description } : undefined)
    }
    opts.onDone()
  }

  const failed = (err: unknown, body?: Record<string, unknown>) => {
    if (err instanceof ApiError) {
      for (const [field, message] of Object.entries(err.errors)) {
        if (field !== CONFIRM_EXPIRED && field !== OVERRIDE_REASON_KEY && field !== SEND_FOR_APPROVAL_KEY)
          form.setError(field as Path<z.input<S> & FieldValues>, { message })
      }
      // An expired passport is saved only once the user says so (issue 23): ask, then send again.
      if (err.errors[CONFIRM_EXPIRED] && body) return setExpired({ message: err.message, body })
      setError(
        opts.failurePrefix
          ? `${opts.failurePrefix} ${err.message}`
          : err.status >= 500 || !err.message
            ? FAILURE
            : err.message,
      )
    } else {
      setError(FAILURE)
    }
  }

  const [expired, setExpired] = useState<{ message: string; body: Record<string, unknown> } | null>(null)
  const expiredConfirm: ExpiredConfirm | null = expired && {
    message: expired.message,
    confirm: async () => {
      const body = { ...expired.body, [CONFIRM_EXPIRED]: true }
      setExpired(null)
      setError(null)
      try {
        await send(body)
      } catch (err) {
        failed(err)
      }
    },
    cancel: () => setExpired(null),
  }

  const creditAsk: CreditAsk | null = credit && {
    mode: credit.mode,
    message: credit.message,
    send: async (reason) => {
      if (credit.mode === 'override') {
        done(await save.mutateAsync({ id: opts.id, body: { ...credit.body, [OVERRIDE_REASON_KEY]: reason } }))
      } else {
        await api.post('/sale-requests', {
          table: saleTableOf(opts.path),
          body: credit.body,
          ...(reason ? { note: reason } : {}),
        })
        toast.success('Sent to an admin for approval')
        opts.onDone()
      }
      setCredit(null)
    },
    cancel: () => {
      setCredit(null)
      setError(credit.message)
    },
  }

  return { form, submit, busy: save.isPending || request.isPending, error, expiredConfirm, creditAsk }
}
