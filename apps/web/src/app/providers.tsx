import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Toaster } from 'sonner'
import { AuthProvider } from '../lib/auth.tsx'

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 15_000, retry: 1, refetchOnWindowFocus: false },
  },
})

export const Providers = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>
    <AuthProvider>
      {children}
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
