import type { IncomingMessage } from 'node:http'
import type { FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { HttpError } from '../lib/http-error.ts'

/** Bytes of a refused body read and thrown away so that its sender hears the 413 (issue 33 item 3). */
const DRAIN_BYTES = 64 * 1024 * 1024
const DRAIN_MS = 15_000

/**
 * Reads the rest of a request body and discards it, up to DRAIN_BYTES or DRAIN_MS: a client still
 * sending when the answer is written and the socket closed sees a broken pipe, not the answer.
 */
const drain = (raw: IncomingMessage) =>
  new Promise<void>((resolve) => {
    if (raw.complete || raw.destroyed) {
      resolve()
      return
    }
    let read = 0
    const finish = () => {
      clearTimeout(timer)
      raw.off('data', onData).off('end', finish).off('close', finish).off('error', finish)
      resolve()
    }
    const onData = (chunk: Buffer) => {
      read += chunk.length
      if (read > DRAIN_BYTES) finish()
    }
    const timer = setTimeout(finish, DRAIN_MS)
    raw.on('data', onData).on('end', finish).on('close', finish).on('error', finish)
    raw.resume()
  })

/** One error shape for the whole API: {status:"error", message, errors?}. 5xx details stay in the log. */
export const registerErrorHandler = (app: FastifyInstance) => {
  app.setErrorHandler(async (err, req, reply) => {
    if (err instanceof HttpError) {
      return reply
        .code(err.statusCode)
        .send({ ...err.details, status: 'error', message: err.message, errors: err.errors })
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string> = {}
      for (const v of err.validation) {
        const path = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.') || '_'
        errors[path] ??= v.message ?? 'Invalid value'
      }
      return reply
        .code(400)
        .send({ status: 'error', message: Object.values(errors)[0] ?? 'Invalid input', errors })
    }
    const status = (err as { statusCode?: number }).statusCode
    if ((err as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') await drain(req.raw)
    if (status && status >= 400 && status < 500) {
      const message =
        (err as { code?: string }).code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        (err as { code?: string }).code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'Request body is not valid JSON'
          : (err as Error).message
      return reply.code(status).send({ status: 'error', message })
    }
    req.log.error({ err }, 'request failed')
    return reply.code(500).send({ status: 'error', message: 'Internal server error' })
  })
}
