export * from './read.ts'
export * from './to-ticket.ts'
export * from './types.ts'
