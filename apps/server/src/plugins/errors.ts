import type { FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { HttpError } from '../lib/http-error.ts'

/** One error shape for the whole API: {status:"error", message, errors?}. 5xx details stay in the log. */
export const registerErrorHandler = (app: FastifyInstance) => {
  app.setErrorHandler((err, req, reply) => {
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
