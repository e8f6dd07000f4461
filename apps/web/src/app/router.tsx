import { can } from '@booking/shared/access'
import { lazy, type ReactNode, Suspense } from 'react'
import { BrowserRouter, Navigate, Route, Routes } from 'react-router'
import { homeFor, useAuth } from '../lib/auth.tsx'
import { lazyPreloaded, preload, setSignInScreens } from '../lib/preload.ts'

const LoginPage = lazy(() => import('../features/auth/login-page.tsx'))
const RegisterPage = lazy(() => import('../features/auth/register-page.tsx'))
const PortalPage = lazy(() => import('../features/portal/page.tsx'))
const InvitePage = lazy(() => import('../features/portal/invite-page.tsx'))

// The office's routes are a chunk of their own (decision 118): an agent's desk on a phone does not
// load or run the staff screens' descriptors and schemas.
const loadStaffRoutes = () => import('./staff-routes.tsx')
const StaffRoutes = lazyPreloaded(loadStaffRoutes)
// An office page opened directly: the routes start loading with the entry, not after it rendered.
if (!/^\/(portal|login|register)(\/|$)/.test(window.location.pathname)) void preload(loadStaffRoutes)
// While the user types the password, fetch the routes, layout and dashboard the next screen needs,
// so Login waits for the server only, not for a waterfall of lazy chunks (issue 23.7).
setSignInScreens([
  loadStaffRoutes,
  () =>
    loadStaffRoutes().then(async (m) => {
      await m.preloadStaffScreens()
      return m
    }),
])

const Loading = () => <div className="p-8 text-center text-slate-500">Loading...</div>

/** /login and /register: a signed-in user goes home instead. */
const PublicOnly = ({ children }: { children: ReactNode }) => {
  const { user } = useAuth()
  return user ? <Navigate to={homeFor(user.role)} replace /> : children
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

export const AppRouter = () => {
  const { restoring } = useAuth()
  if (restoring) return <Loading />
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
          <Route path="*" element={<StaffRoutes />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  )
}
