import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form'
import type { z } from 'zod'
import { ApiError } from './api.ts'
import { useSaveRecord } from './records.ts'

interface Options<S extends z.ZodType<any, any>> {
  schema: S
  path: string
  /** The record being edited (PUT) or null (POST). */
  id: number | null
  defaultValues: DefaultValues<z.input<S> & FieldValues>
  /** Message shown when the save fails without a server message. */
  failureMessage?: string
  /** Prefix the server message ("Failed to submit form: ...") instead of replacing it. */
  failurePrefix?: string
  /** Body sent to the server, from the validated values. */
  toBody?: (values: z.output<S>) => unknown
  onSaved: (answer: Record<string, unknown>) => void
}

/**
 * react-hook-form on the shared zod schema (so the browser shows the server's messages), with
 * save, server field errors mapped onto fields, and one general error line.
 */
export const useRecordForm = <S extends z.ZodType<any, any>>(opts: Options<S>) => {
  const form = useForm<z.input<S> & FieldValues, unknown, z.output<S>>({
    resolver: zodResolver(opts.schema as any) as any,
    mode: 'onTouched',
    defaultValues: opts.defaultValues,
  })
  const save = useSaveRecord<unknown>(opts.path)
  const [error, setError] = useState<string | null>(null)

  const submit = form.handleSubmit(async (values) => {
    setError(null)
    try {
      const answer = await save.mutateAsync({ id: opts.id, body: opts.toBody ? opts.toBody(values) : values })
      opts.onSaved(answer)
    } catch (err) {
      if (err instanceof ApiError) {
        for (const [field, message] of Object.entries(err.errors)) {
          form.setError(field as Path<z.input<S> & FieldValues>, { message })
        }
        setError(
          opts.failurePrefix
            ? `${opts.failurePrefix} ${err.message}`
            : err.status >= 500 || !err.message
              ? (opts.failureMessage ?? 'Failed to submit form. Please try again later.')
              : err.message,
        )
      } else {
        setError(opts.failureMessage ?? 'Failed to submit form. Please try again later.')
      }
    }
  })

  return { form, submit, busy: save.isPending, error }
}
