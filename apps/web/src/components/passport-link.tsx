import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useIsAdmin } from '../lib/auth.tsx'
import { navPath } from '../lib/nav.ts'

/** The index's form of a passport number: no spaces, upper case (server passengers/passports.ts). */
export const passportKey = (no: string) => no.replace(/\s+/g, '').toUpperCase()

/** Path of a passenger's file for the signed-in role. */
export const usePassengerPath = () => {
  const admin = useIsAdmin()
  return (no: string) => navPath(`passengers/${encodeURIComponent(passportKey(no))}`, admin)
}

/** A passport number in a list: opens that passenger's file (issue 17). */
export const PassportLink = ({ no, children }: { no: unknown; children?: ReactNode }) => {
  const path = usePassengerPath()
  const text = typeof no === 'string' ? no.trim() : ''
  if (!text) return null
  return (
    <Link
      to={path(text)}
      className="text-blue-700 underline decoration-dotted underline-offset-2 hover:text-blue-900"
      title="Open the passenger's file"
      onClick={(e) => e.stopPropagation()}
    >
      {children ?? text}
    </Link>
  )
}

/** A list cell: the passport number as a link, or nothing (the table shows "-"). */
export const passportCell = (no: unknown) =>
  typeof no === 'string' && no.trim() ? <PassportLink no={no} /> : ''
