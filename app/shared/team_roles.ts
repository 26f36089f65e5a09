/**
 * Roles of a team member within a company, from most to least powerful.
 *
 * - owner: everything, including the company's billing, deleting it and
 *   changing anyone's role (a company always keeps at least one owner).
 * - admin: everything in the back office except ownership and billing:
 *   team members (up to admin), company settings, menu permissions, devices.
 * - manager: runs the fleet: creates and edits vehicles, drivers and all fleet
 *   records, sends commands (engine block included), approves requests.
 * - user: reads the live map, history and reports, and files what staff file
 *   (vehicle checks, leave and maintenance requests); changes nothing else.
 */
export const teamRoles = ['owner', 'admin', 'manager', 'user'] as const

export type TeamRole = (typeof teamRoles)[number]

const rank: Record<TeamRole, number> = { owner: 4, admin: 3, manager: 2, user: 1 }

export function roleAtLeast(role: TeamRole, minimum: TeamRole): boolean {
  return rank[role] >= rank[minimum]
}
