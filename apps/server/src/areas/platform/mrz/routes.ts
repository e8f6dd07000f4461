import { MrzAnswer, MrzInput, parseMrz } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../../db/connect.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { documentRoute } from '../../../lib/openapi.ts'
import { parseBody } from '../../../lib/validate.ts'

documentRoute('/mrz', {
  post: {
    tags: ['Passport MRZ'],
    summary:
      'Read a passport MRZ (TD3: two lines of 44). Verifies the five check digits; dates yyyy-mm-dd, country codes with names.',
    input: MrzInput,
    responses: {
      '200': {
        description:
          '{ status: "success", fields: { surname, givenNames, documentNumber, nationalityCode, nationality, issuingCountryCode, issuingCountry, dateOfBirth, sex, expiryDate, personalNumber, documentCode } }',
      },
      '400': {
        description:
          'Unreadable lines, or the failing check digit named: "Check digit for date of birth is wrong"; errors.lines holds the same message',
      },
    },
  },
})

/**
 * POST /api/mrz: a pure read of the pasted lines (nothing stored); like every record call it
 * needs a signed-in user, which the auth hook already demands of every non-public /api path.
 */
/** Route schemas, declared for docs and types; the handlers parse (lib/route-schemas.ts). */
const POST_MRZ = { schema: { body: MrzInput, response: { 200: MrzAnswer } } }

export const mrzRoutes = async (app: FastifyInstance, _db: Db) => {
  app.post('/mrz', POST_MRZ, async (req) => {
    const { lines } = parseBody(MrzInput, req.body)
    const result = parseMrz(lines)
    if (!result.ok) throw new HttpError(400, result.message, { lines: result.message })
    return { status: 'success', fields: result.fields }
  })
}
