// Entry of an outside-reading worker thread: the server is TypeScript run through tsx, whose
// loader a new thread does not inherit, so the worker registers it before loading its code.
import { register } from 'tsx/esm/api'

register()
await import('./outside-worker.ts')
