import { can } from '@booking/shared'
import { LogOut, Menu, PanelLeftClose, PanelLeftOpen, UserPlus } from 'lucide-react'
import { useState } from 'react'
import { Outlet } from 'react-router'
import { useAgency } from '../../lib/agency.ts'
import { useAuth } from '../../lib/auth.tsx'
import type { NavItem } from '../../lib/nav.ts'
import { useIsMobile } from '../../lib/use-is-mobile.ts'
import { AddCustomerDialog } from './add-customer-dialog.tsx'
import { Sidebar } from './sidebar.tsx'

/**
 * The agency's logo and name from Settings in the header (issue 23); the sidebar keeps the
 * product's title, "Booking System", as the spec fixes it.
 */
const AgencyName = () => {
  const agency = useAgency().data
  if (!agency?.name) return <span className="flex-1" />
  return (
    <div className="flex min-w-0 flex-1 items-center gap-2" data-testid="agency-name">
      {agency.logo ? <img src={agency.logo} alt="" className="h-8 w-8 shrink-0 object-contain" /> : null}
      <span className="truncate text-sm font-semibold text-slate-800 sm:text-base" title={agency.name}>
        {agency.name}
      </span>
    </div>
  )
}

/** Sidebar, header and a content area of about 6xl, shared by every signed-in screen. */
export const AppLayout = ({ nav }: { nav: readonly NavItem[] }) => {
  const { user, logout } = useAuth()
  const mobile = useIsMobile()
  const [collapsed, setCollapsed] = useState(false)
  const [drawerOpen, setDrawerOpen] = useState(false)
  const [customerOpen, setCustomerOpen] = useState(false)
  const admin = can(user, 'use', 'admin-area')
  const name = user?.username || user?.email || ''

  const toggle = () => (mobile ? setDrawerOpen((o) => !o) : setCollapsed((c) => !c))
  const ToggleIcon = mobile ? Menu : collapsed ? PanelLeftOpen : PanelLeftClose

  return (
    <div className="flex min-h-full">
      <Sidebar
        nav={nav}
        admin={admin}
        collapsed={collapsed}
        mobile={mobile}
        open={drawerOpen}
        onNavigate={() => setDrawerOpen(false)}
      />
      {mobile && drawerOpen && (
        <div
          data-testid="drawer-backdrop"
          className="fixed inset-0 z-30 bg-black/50"
          onClick={() => setDrawerOpen(false)}
          aria-hidden
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex h-16 items-center justify-between gap-2 border-b border-slate-200 bg-white px-3 sm:px-6">
          <button
            type="button"
            className="icon-btn"
            onClick={toggle}
            aria-label={mobile ? 'Open menu' : collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          >
            <ToggleIcon className="h-5 w-5" />
          </button>
          <AgencyName />
          <div className="flex shrink-0 items-center gap-2">
            {/* Icon only on a phone, so the agency's name has room beside it. */}
            <button type="button" className="btn-primary px-3" onClick={() => setCustomerOpen(true)}>
              <UserPlus className="h-4 w-4" aria-hidden />
              <span className="sr-only sm:not-sr-only">Add Customer</span>
            </button>
            <button type="button" className="btn-secondary px-3" onClick={logout} aria-label="Logout">
              <LogOut className="h-4 w-4" aria-hidden />
              <span className="hidden sm:inline">Logout</span>
            </button>
            <span
              title={name}
              data-testid="user-badge"
              className="inline-flex h-9 max-w-40 items-center truncate rounded-full bg-blue-100 px-3 text-sm font-semibold text-blue-800"
            >
              {name || 'U'}
            </span>
          </div>
        </header>
        <main className="mx-auto w-full max-w-6xl flex-1 p-3 sm:p-5">
          <Outlet />
        </main>
      </div>
      <AddCustomerDialog open={customerOpen} onOpenChange={setCustomerOpen} />
    </div>
  )
}
