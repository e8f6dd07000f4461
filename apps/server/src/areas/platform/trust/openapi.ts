import {
  AuditQuery,
  CorrectionInput,
  DecisionInput,
  PasswordChangeInput,
  UserUpdateInput,
} from '@booking/shared'
import type { z } from 'zod'
import { documentPaths, schemaOf } from '../../../lib/openapi.ts'

const json = (schema: z.ZodType) => ({
  required: true,
  content: { 'application/json': { schema: schemaOf(schema) } },
})
const ok = (description: string) => ({ '200': { description } })
const id = (name = 'id') => [
  { name, in: 'path', required: true, schema: { type: name === 'name' ? 'string' : 'integer' } },
]
const query = Object.keys(AuditQuery.shape).map((name) => ({
  name,
  in: 'query',
  required: false,
  schema: { type: 'string' },
}))

/** The history, corrections, accounts and backup calls in /api/docs. */
export const documentTrust = () =>
  documentPaths({
    '/api/admin/audit': {
      get: {
        tags: ['history'],
        summary: 'Who changed what, newest first (admins)',
        parameters: query,
        responses: ok('{ audit: [...], total }'),
      },
    },
    '/api/admin/audit/{id}/restore': {
      post: {
        tags: ['history'],
        summary: 'Restore the record a delete entry removed (admins)',
        parameters: id(),
        responses: ok('{ status, message, table, record }'),
      },
    },
    '/api/corrections': {
      get: {
        tags: ['corrections'],
        summary: "The signed-in user's own requests",
        responses: ok('{ corrections: [...] }'),
      },
      post: {
        tags: ['corrections'],
        summary: 'Request an edit or a delete',
        requestBody: json(CorrectionInput),
        responses: { '201': { description: '{ status, message, correction }' } },
      },
    },
    '/api/admin/corrections': {
      get: {
        tags: ['corrections'],
        summary: 'Pending requests (?status=approved|rejected|all)',
        responses: ok('{ corrections: [...] }'),
      },
    },
    '/api/admin/corrections/{id}/approve': {
      post: {
        tags: ['corrections'],
        parameters: id(),
        requestBody: json(DecisionInput),
        responses: ok('{ status, message, correction }'),
      },
    },
    '/api/admin/corrections/{id}/reject': {
      post: {
        tags: ['corrections'],
        parameters: id(),
        requestBody: json(DecisionInput),
        responses: ok('{ status, message, correction }'),
      },
    },
    '/api/user/logout': {
      post: { tags: ['accounts'], summary: 'Revoke this token', responses: ok('{ status, message }') },
    },
    '/api/user/password': {
      post: {
        tags: ['accounts'],
        summary: 'Change your password; other sessions end',
        requestBody: json(PasswordChangeInput),
        responses: ok('{ status, message }'),
      },
    },
    '/api/admin/users': {
      get: {
        tags: ['accounts'],
        responses: ok('{ users: [{ id, username, email, role, isApproved, active }] }'),
      },
    },
    '/api/admin/users/{id}': {
      put: {
        tags: ['accounts'],
        summary: 'Role and active; at least one active admin remains',
        parameters: id(),
        requestBody: json(UserUpdateInput),
        responses: ok('{ status, message, user }'),
      },
    },
    '/api/admin/users/{id}/password': {
      post: {
        tags: ['accounts'],
        summary: 'Reset: a one-time password, shown once',
        parameters: id(),
        responses: ok('{ status, message, password }'),
      },
    },
    '/api/admin/backups': {
      get: { tags: ['backups'], responses: ok('{ backups: [{ name, size, created_at }] }') },
      post: {
        tags: ['backups'],
        summary: 'Make a backup now (SQLite)',
        responses: { '201': { description: '{ status, message, backup }' } },
      },
    },
    '/api/admin/backups/{name}/restore': {
      post: {
        tags: ['backups'],
        summary:
          'SQLite: restore this backup into the running database, the current one kept aside as <file>.before-restore-<time>; PostgreSQL: 409, restore with pg_restore',
        parameters: id('name'),
        responses: ok('{ status, message, kept }'),
      },
    },
    '/api/admin/backups/{name}': {
      get: {
        tags: ['backups'],
        summary: 'Download one backup',
        parameters: id('name'),
        responses: ok('The file'),
      },
    },
  })
