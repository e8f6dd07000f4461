import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { lazy, type ReactNode, Suspense } from 'react'
import { Toaster } from 'sonner'
import { ApiError } from '../lib/api.ts'
import { AuthProvider, useAuth } from '../lib/auth.tsx'

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      // A refused token is not retried: the sign-in dialog is open, and lists refetch after it.
      retry: (failures, err) => failures < 1 && !(err instanceof ApiError && err.status === 401),
      refetchOnWindowFocus: false,
    },
  },
})

// Lists that showed "Your session has ended" load again once the user signed in from the dialog.
window.addEventListener('booking:session-renewed', () => queryClient.invalidateQueries())

// The dialog (Radix, focus trap, scroll lock) loads when a session ends, not with every first
// screen: the agent's desk on a phone pays for what it shows (decision 118).
const SessionDialog = lazy(() =>
  import('../components/session-dialog.tsx').then((m) => ({ default: m.SessionDialog })),
)
const SessionEnded = () =>
  useAuth().sessionEnded ? (
    <Suspense fallback={null}>
      <SessionDialog />
    </Suspense>
  ) : null

export const Providers = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>
    <AuthProvider>
      {children}
      <SessionEnded />
      {/* Below the 64 px header, so a toast never covers Add Customer or Logout. */}
      <Toaster
        richColors
        position="top-right"
        closeButton
        offset={{ top: 76, right: 16 }}
        mobileOffset={{ top: 72 }}
      />
    </AuthProvider>
  </QueryClientProvider>
)
