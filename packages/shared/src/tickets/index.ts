export * from './read.ts'
export * from './types.ts'
