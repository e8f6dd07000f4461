import { can } from '@booking/shared/access'
import { Suspense } from 'react'
import { Navigate, Route, Routes, useLocation } from 'react-router'
import { homeFor, useAuth } from '../lib/auth.tsx'
import { lazyPreloaded, preload } from '../lib/preload.ts'
import { ADMIN_ONLY, EMPLOYEE_ONLY, loadAppLayout, PAGES } from './routes.ts'

/**
 * The office's screens (everything but /login, /register and the agent's /portal), a chunk of
 * their own: the features' descriptors and the shared record schemas they build come with them,
 * not with the agent's desk on a phone (decision 118).
 */

// The layout loads after sign-in (or while the password is typed), not with /login.
const AppLayout = lazyPreloaded(loadAppLayout)
const lazyPages = Object.fromEntries(
  Object.entries(PAGES).map(([segment, load]) => [segment, lazyPreloaded(load)]),
)

const Loading = () => <div className="p-8 text-center text-slate-500">Loading...</div>

/** What the office opens after sign-in: the layout and the dashboard (issue 23.7). */
export const preloadStaffScreens = () =>
  Promise.all((PAGES.dashboard ? [loadAppLayout, PAGES.dashboard] : [loadAppLayout]).map(preload))

/** /admin/* for admins; anyone else to /login. */
const AdminArea = () => {
  const { user } = useAuth()
  return can(user, 'use', 'admin-area') ? <AppLayout /> : <Navigate to="/login" replace />
}

/** /* for signed-in staff; an admin is sent to the same screen under /admin. */
const EmployeeArea = () => {
  const { user } = useAuth()
  const { pathname } = useLocation()
  if (!user) return <Navigate to="/login" replace />
  if (!can(user, 'use', 'staff-area')) return <ByRole />
  if (can(user, 'use', 'admin-area')) return <Navigate to={`/admin${pathname}`} replace />
  return <AppLayout />
}

const ByRole = () => {
  const { user } = useAuth()
  return <Navigate to={user ? homeFor(user.role) : '/login'} replace />
}

const page = (segment: string) => {
  const Page = lazyPages[segment]
  return (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  )
}

export default function StaffRoutes() {
  const segments = Object.keys(PAGES)
  return (
    <Routes>
      <Route path="admin" element={<AdminArea />}>
        {segments
          .filter((s) => !EMPLOYEE_ONLY.has(s))
          .map((s) => (
            <Route key={s} path={s} element={page(s)} />
          ))}
        <Route path="*" element={<ByRole />} />
      </Route>
      <Route element={<EmployeeArea />}>
        {segments
          .filter((s) => !ADMIN_ONLY.has(s))
          .map((s) => (
            <Route key={s} path={s} element={page(s)} />
          ))}
      </Route>
      {/* Employee paths an employee may not open (Office Accounts, Vender, Employees) and unknown paths. */}
      <Route path="*" element={<ByRole />} />
    </Routes>
  )
}
