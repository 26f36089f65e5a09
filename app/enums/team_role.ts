/** The roles are shared with the pages: declared once in app/shared/team_roles.ts. */
export { teamRoles, roleAtLeast, type TeamRole } from '#shared/team_roles'
