import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Toaster } from 'sonner'
import { SessionDialog } from '../components/session-dialog.tsx'
import { ApiError } from '../lib/api.ts'
import { AuthProvider } from '../lib/auth.tsx'

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

export const Providers = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>
    <AuthProvider>
      {children}
      <SessionDialog />
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
