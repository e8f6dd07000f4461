/**
 * Roles as capabilities (issue 32 item 5, decision 084). The roles are data: what each may do
 * (its grants) and which rows it may see. Every check of what a user may do is `can(caller,
 * action, resource)`; no other code compares a role (apps/server/test/roles.test.ts fails if it
 * does). A later role (an agent's own user, seeing one party's rows) is a new entry here.
 */

/**
 * A grant a role holds: `staff` is any approved office user, `admin` the owner's level, `portal`
 * an agent's own user at its desk (issue 35, decision 104).
 */
export type Grant = 'staff' | 'admin' | 'portal'

/**
 * What a caller may see: every row (staff), or one party's rows only (an agent's own user). The
 * server's readers take it from the caller (apps/server/src/lib/caller-scope.ts, decision 147): a
 * caller without a reader's capability is refused (403, ADMIN_ONLY_MESSAGE); a one-party caller
 * asking for another party's rows is answered as if they did not exist (404, the reader's own
 * "not found").
 */
export type Sees = { all: true } | { all: false; party: { kind: 'agent' | 'customer'; id: number } }

interface RoleData {
  label: string
  grants: readonly Grant[]
  /** Signs up pending and waits for an admin's approval. */
  needsApproval: boolean
  /** Every row, or the rows of the one party the user belongs to. */
  sees: 'all' | 'party'
}

export const ROLE_DATA = {
  admin: { label: 'Admin', grants: ['staff', 'admin'], needsApproval: false, sees: 'all' },
  employee: { label: 'Employee', grants: ['staff'], needsApproval: true, sees: 'all' },
  /** An agent's own user (issue 35): its agent's balance, statement, bookings and deposits only. */
  agent_user: { label: 'Agent user', grants: ['portal'], needsApproval: false, sees: 'party' },
} as const satisfies Record<string, RoleData>

export type RoleName = keyof typeof ROLE_DATA
export const ROLE_NAMES = Object.keys(ROLE_DATA) as RoleName[]
/** The roles of the office's users (the users table); the rest belong to a party (agent_users). */
export type StaffRole = { [K in RoleName]: (typeof ROLE_DATA)[K]['sees'] extends 'all' ? K : never }[RoleName]
const STAFF_ROLES = ROLE_NAMES.filter((r): r is StaffRole => ROLE_DATA[r].sees === 'all')

/** The level a record type or route asks for: any approved user, or admins only; or an agent's user. */
export type Level = 'employee' | 'admin' | 'portal'
const LEVEL_GRANT: Record<Level, Grant> = { employee: 'staff', admin: 'admin', portal: 'portal' }

/**
 * The fixed capabilities outside record types, each with the level it asks for. A record type's
 * own levels come from its RecordSpec `access` (passed as the resource).
 */
export const CAPABILITIES = {
  /** The admin area: /api/admin/*, the admin screens, approving users. */
  'admin-area': 'admin',
  /** Changing users' roles and activity. */
  users: 'admin',
  /** Saving a ticket the duplicate check warns about. */
  'duplicate-ticket': 'admin',
  /** Passing a party's credit limit with a reason, and setting a limit. */
  'credit-override': 'admin',
  /** Sending statement e-mails without the hourly limit employees have (decision 086). */
  'unlimited-email': 'admin',
  /** Every statement kind (employees see agent, vendor and customer statements). */
  'all-statements': 'admin',
  /** The office's screens and API: everything but the portal (issue 35). */
  'staff-area': 'employee',
  /** Inviting and suspending an agent's own users (issue 35). */
  'agent-users': 'admin',
  /** An agent's desk: /api/portal/*, its own agent's rows only (issue 35). */
  portal: 'portal',
  /**
   * The office-wide figures (every party's rows at once): trial balance, books check, cash in
   * office, receivables, payables, profit, day book, net profit, the tax reports (decision 147).
   */
  'office-figures': 'admin',
} as const satisfies Record<string, Level>
export type Capability = keyof typeof CAPABILITIES

/** Who asks: a user's role, and what rows it may see. */
export interface Caller {
  role: string
  sees: Sees
}

export const isRole = (role: unknown): role is RoleName =>
  typeof role === 'string' && Object.hasOwn(ROLE_DATA, role)

/**
 * The caller a signed-in user is: staff see every row; a role that sees one party sees the party
 * the user belongs to, and nothing when it belongs to none.
 */
export const callerOf = (
  user: { role: string; party?: { kind: 'agent' | 'customer'; id: number } | null } | null | undefined,
): Caller | null => {
  if (!user || !isRole(user.role)) return null
  if (ROLE_DATA[user.role].sees === 'all') return { role: user.role, sees: { all: true } }
  return user.party ? { role: user.role, sees: { all: false, party: user.party } } : null
}

export type Action = 'view' | 'create' | 'update' | 'delete' | 'use'

/** A resource: a named capability, a level, or a record type's access map. */
export type Resource = Capability | { level: Level } | { access: Partial<Record<Action, Level>> }

const grantsOf = (who: { role: string } | null | undefined): readonly Grant[] =>
  who && isRole(who.role) ? ROLE_DATA[who.role].grants : []

/** The one check: may `who` (a caller, or anything with a role) do `action` on `resource`? */
export const can = (
  who: { role: string } | null | undefined,
  action: Action,
  resource: Resource,
): boolean => {
  const level: Level | undefined =
    typeof resource === 'string'
      ? CAPABILITIES[resource]
      : 'level' in resource
        ? resource.level
        : resource.access[action]
  return level !== undefined && grantsOf(who).includes(LEVEL_GRANT[level])
}

/** The office roles that hold a capability (for database filters such as "the active admins"). */
export const rolesThatCan = (action: Action, resource: Resource): StaffRole[] =>
  STAFF_ROLES.filter((role) => can({ role }, action, resource))

/** The roles that sign up pending approval. */
export const rolesNeedingApproval = (): StaffRole[] => STAFF_ROLES.filter((r) => ROLE_DATA[r].needsApproval)

/** How a role reads on screens ("Admin", "Employee"). */
export const roleLabel = (role: string) => (isRole(role) ? ROLE_DATA[role].label : role)

/** The office roles that lack a capability ("employees": every office role without the admin area). */
export const rolesThatCannot = (action: Action, resource: Resource): StaffRole[] =>
  STAFF_ROLES.filter((role) => !can({ role }, action, resource))

/** Whether only admins may do `action` on `resource` (a screen shown in the admin menu only). */
export const needsAdmin = (action: Action, resource: Resource): boolean =>
  rolesThatCannot('use', 'admin-area').some((role) => !can({ role }, action, resource))
