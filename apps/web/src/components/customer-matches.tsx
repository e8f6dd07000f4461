import { customerLabel } from '@booking/shared'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { api } from '../lib/api.ts'
import { useIsAdmin } from '../lib/auth.tsx'
import { navPath } from '../lib/nav.ts'

interface Typed {
  name: string
  mobile_number: string
  passport_number: string
}

interface Match {
  id: number
  name: string
  mobile_number: string
  passport_number: string
  matched: ('name' | 'mobile_number' | 'passport_number')[]
}

const WHAT: Record<Match['matched'][number], string> = {
  name: 'name',
  mobile_number: 'mobile number',
  passport_number: 'passport number',
}

/** The typed value once typing pauses, so a lookup is not sent per key. */
const useSettled = <T,>(value: T, ms = 300) => {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

/**
 * "Same name as Ali Khan · 03001234567" with a link to that customer, under a customer form,
 * before save (decision 047): a namesake may be another person, so this warns and does not refuse.
 */
export const CustomerMatches = ({ typed, exceptId }: { typed: Typed; exceptId?: number }) => {
  const admin = useIsAdmin()
  const settled = useSettled({
    name: typed.name.trim(),
    mobile_number: typed.mobile_number.trim(),
    passport_number: typed.passport_number.trim(),
  })
  const asked = Boolean(settled.name || settled.mobile_number || settled.passport_number)
  const matches = useQuery({
    queryKey: ['/customers', 'matches', settled, exceptId],
    queryFn: () =>
      api.get<{ matches: Match[] }>('/customers/matches', {
        ...settled,
        ...(exceptId ? { except_id: exceptId } : {}),
      }),
    enabled: asked,
    staleTime: 10_000,
  })
  const found = asked ? (matches.data?.matches ?? []) : []
  if (found.length === 0) return null
  return (
    <div
      role="status"
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <p className="font-medium">Already a customer?</p>
      <ul className="mt-1 space-y-1">
        {found.map((m) => (
          <li key={m.id}>
            Same {m.matched.map((k) => WHAT[k]).join(' and ')} as{' '}
            <Link
              to={navPath(`customers/${m.id}`, admin)}
              target="_blank"
              className="font-medium text-blue-700 underline underline-offset-2"
            >
              {customerLabel(m)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
