import { RECORD_TYPE_SEGMENT } from '@booking/shared'
import { Link } from 'react-router'
import { useIsAdmin } from '../lib/auth.tsx'
import { navPath } from '../lib/nav.ts'

/** A record's entry number, linking to its type's list searched for it (the lists have no per-record route). */
export const RecordLink = ({ table, entry, type }: { table: string; entry: string; type: string }) => {
  const admin = useIsAdmin()
  const segment = RECORD_TYPE_SEGMENT[table]
  if (!segment) return <span>{entry || '-'}</span>
  return (
    <Link
      to={`${navPath(segment, admin)}?q=${encodeURIComponent(entry)}`}
      className="text-blue-700 hover:underline"
      title={`Open ${type} list`}
    >
      {entry || '-'}
    </Link>
  )
}
