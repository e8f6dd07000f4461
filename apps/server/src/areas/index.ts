import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/connect.ts'
import { adminRoutes } from './admin/routes.ts'
import { customerRoutes } from './customers/routes.ts'
import { entryRoutes } from './entries/routes.ts'
import { lookupRoutes } from './lookups/routes.ts'
import { protectorRoutes } from './protector/routes.ts'

/** Every record area's routes, mounted under /api. A new area is one import and one line. */
export const recordAreas: Array<(app: FastifyInstance, db: Db) => Promise<void>> = [
  adminRoutes,
  customerRoutes,
  entryRoutes,
  lookupRoutes,
  protectorRoutes,
]
