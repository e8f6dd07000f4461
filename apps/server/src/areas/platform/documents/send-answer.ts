import type { FastifyReply } from 'fastify'
import type { AnswerJob } from './render-job.ts'
import { answerInWorker } from './render-pool.ts'

/**
 * Sends a JSON answer that a document worker reads and serializes (decision 131): the main thread
 * passes the request's parameters and sends the worker's bytes as the body, which the server's
 * compression then handles like any other JSON answer. A client gone first stops the job.
 */
export const sendReadAnswer = async (reply: FastifyReply, read: Omit<AnswerJob, 'kind'>) => {
  const stream = answerInWorker({ kind: 'answer', ...read })
  const gone = () => stream.destroy()
  reply.raw.once('close', gone)
  try {
    const parts: Buffer[] = []
    for await (const part of stream) parts.push(part as Buffer)
    return reply.type('application/json; charset=utf-8').send(Buffer.concat(parts))
  } finally {
    reply.raw.off('close', gone)
  }
}
