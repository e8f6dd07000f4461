import type { ReactNode } from 'react'

/** The centred card shared by the login and register screens. */
export const AuthCard = ({ title, children }: { title: string; children: ReactNode }) => (
  <div className="flex min-h-full items-center justify-center bg-gradient-to-br from-slate-100 to-blue-50 px-4 py-10">
    <div className="card w-full max-w-md p-6 sm:p-8">
      <div className="mb-6 flex flex-col items-center gap-2">
        <img src="/logo.svg" alt="Booking System logo" className="h-12 w-12" />
        <p className="text-sm font-semibold text-blue-700">Booking System</p>
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      </div>
      {children}
    </div>
  </div>
)
