import { roleAtLeast, type TeamRole } from '#enums/team_role'

/**
 * Gives `role` to someone (invites them, makes them it, or unmakes it): admins do, and only
 * an owner makes or unmakes owners. The one copy of the owner-only rule; the grantRole
 * ability (app/abilities/main.ts) and the team actions (which the CLI also runs) ask it.
 */
export function mayGrantRole(actorRole: TeamRole, role: TeamRole): boolean {
  return roleAtLeast(actorRole, 'admin') && (role !== 'owner' || actorRole === 'owner')
}
