import Fastify from 'fastify'

/** The baseline: bare Fastify answering a constant, on the same machine as the app. */
const app = Fastify({ logger: false })
app.get('/', async () => ({ hello: 'world' }))
await app.listen({ port: Number(process.env.PORT ?? 4999), host: '127.0.0.1' })
