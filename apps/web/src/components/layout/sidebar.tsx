import * as Tooltip from '@radix-ui/react-tooltip'
import type { LucideIcon } from 'lucide-react'
import type { HTMLAttributes } from 'react'
import { NavLink, useMatch } from 'react-router'
import { type NavItem, navPath } from '../../lib/nav.ts'

interface SidebarProps {
  /** Every sidebar line (the app passes the features' list; components never import it). */
  nav: readonly NavItem[]
  admin: boolean
  collapsed: boolean
  mobile: boolean
  open: boolean
  onNavigate: () => void
}

/** Expanded: icons and labels. Collapsed (desktop): icons with tooltips. Mobile: an overlay drawer. */
export const Sidebar = ({ nav, admin, collapsed, mobile, open, onNavigate }: SidebarProps) => {
  const iconOnly = collapsed && !mobile
  const items = nav.filter((item) => admin || !item.adminOnly)
  const width = iconOnly ? 'w-20' : 'w-56'
  const position = mobile
    ? `fixed inset-y-0 left-0 z-40 transition-transform duration-200 ${open ? 'translate-x-0' : '-translate-x-full'}`
    : 'sticky top-0 h-screen shrink-0'
  return (
    <aside
      aria-label="Sidebar"
      aria-hidden={mobile && !open ? true : undefined}
      className={`${position} ${width} flex flex-col border-r border-slate-800 bg-slate-900 text-slate-200 transition-[width] duration-200`}
    >
      <div
        className={`flex h-16 shrink-0 items-center gap-3 border-b border-slate-800 ${iconOnly ? 'justify-center' : 'px-4'}`}
      >
        <img src="/logo.svg" alt="Booking System logo" className="h-8 w-8 shrink-0" />
        {!iconOnly && (
          <span className="whitespace-nowrap text-base font-semibold text-white">Booking System</span>
        )}
      </div>
      <Tooltip.Provider delayDuration={150}>
        <nav className="flex-1 overflow-y-auto py-3">
          <ul className="space-y-0.5 px-2">
            {items.map((item) => {
              const to = navPath(item.segment, admin)
              const link = (
                <SidebarLink
                  to={to}
                  label={item.label}
                  icon={item.icon}
                  iconOnly={iconOnly}
                  hidden={mobile && !open}
                  onNavigate={onNavigate}
                />
              )
              return (
                <li key={item.segment}>
                  {iconOnly ? (
                    <Tooltip.Root>
                      <Tooltip.Trigger asChild>{link}</Tooltip.Trigger>
                      <Tooltip.Portal>
                        <Tooltip.Content
                          side="right"
                          sideOffset={8}
                          className="z-50 rounded bg-slate-800 px-2 py-1 text-xs text-white shadow"
                        >
                          {item.label}
                        </Tooltip.Content>
                      </Tooltip.Portal>
                    </Tooltip.Root>
                  ) : (
                    link
                  )}
                </li>
              )
            })}
          </ul>
        </nav>
      </Tooltip.Provider>
    </aside>
  )
}

interface SidebarLinkProps extends HTMLAttributes<HTMLAnchorElement> {
  to: string
  label: string
  icon: LucideIcon
  iconOnly: boolean
  hidden: boolean
  onNavigate: () => void
}

/**
 * The class is worked out here as a string: a tooltip trigger (Radix Slot) merges class names as
 * strings and would turn NavLink's class function into text, dropping the layout and the highlight.
 */
const SidebarLink = ({
  to,
  label,
  icon: Icon,
  iconOnly,
  hidden,
  onNavigate,
  onClick,
  ...slot
}: SidebarLinkProps) => {
  const active = useMatch({ path: to, end: false }) !== null
  return (
    <NavLink
      {...slot}
      to={to}
      onClick={(e) => {
        onClick?.(e)
        onNavigate()
      }}
      tabIndex={hidden ? -1 : undefined}
      aria-label={iconOnly ? label : undefined}
      className={`flex items-center gap-3 rounded-md py-2 text-sm font-medium transition-colors ${
        iconOnly ? 'justify-center px-2' : 'px-3'
      } ${active ? 'bg-blue-600 text-white' : 'text-slate-300 hover:bg-slate-800 hover:text-white'}`}
    >
      <Icon className="h-5 w-5 shrink-0" aria-hidden />
      {!iconOnly && <span>{label}</span>}
    </NavLink>
  )
}
