import { can } from '@booking/shared'
import { lazy, type ReactNode, Suspense } from 'react'
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router'
import { homeFor, useAuth } from '../lib/auth.tsx'
import { lazyPreloaded } from '../lib/preload.ts'
import { ADMIN_ONLY, EMPLOYEE_ONLY, loadAppLayout, PAGES } from './routes.ts'

// The layout loads after sign-in (or while the password is typed), not with /login.
const AppLayout = lazyPreloaded(loadAppLayout)
const LoginPage = lazy(() => import('../features/auth/login-page.tsx'))
const RegisterPage = lazy(() => import('../features/auth/register-page.tsx'))
const PortalPage = lazy(() => import('../features/portal/page.tsx'))
const InvitePage = lazy(() => import('../features/portal/invite-page.tsx'))
const lazyPages = Object.fromEntries(
  Object.entries(PAGES).map(([segment, load]) => [segment, lazyPreloaded(load)]),
)

const Loading = () => <div className="p-8 text-center text-slate-500">Loading...</div>

/** /login and /register: a signed-in user goes home instead. */
const PublicOnly = ({ children }: { children: ReactNode }) => {
  const { user } = useAuth()
  return user ? <Navigate to={homeFor(user.role)} replace /> : children
}

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

/** /portal: an agent's own user's desk (issue 35); anyone else goes home. */
const PortalArea = () => {
  const { user } = useAuth()
  return can(user, 'use', 'portal') ? <PortalPage /> : <ByRole />
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

export const AppRouter = () => {
  const { restoring } = useAuth()
  if (restoring) return <Loading />
  const segments = Object.keys(PAGES)
  return (
    <BrowserRouter>
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route
            path="/login"
            element={
              <PublicOnly>
                <LoginPage />
              </PublicOnly>
            }
          />
          <Route
            path="/register"
            element={
              <PublicOnly>
                <RegisterPage />
              </PublicOnly>
            }
          />
          <Route path="/portal" element={<PortalArea />} />
          <Route path="/portal/invite/:token" element={<InvitePage />} />
          <Route path="/admin" element={<AdminArea />}>
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
      </Suspense>
    </BrowserRouter>
  )
}
