import app from '@adonisjs/core/services/app'
import { SessionCollection } from '@adonisjs/session'
import type { HttpContext } from '@adonisjs/core/http'
import type User from '#models/user'

/**
 * What a session promises: it lives on the server, tagged with its user when they
 * sign in. Signing out destroys it; a password change or "sign out everywhere"
 * destroys every other session of the user, so a copied cookie stops working.
 */

/** Signs the user in on this request's session and tags it with them. */
export async function signIn(ctx: HttpContext, user: User) {
  await ctx.auth.use('web').login(user)
  if (ctx.session.supportsTagging()) await ctx.session.tag(String(user.id))
}

/** Signs out and destroys this session: its id is never valid again. */
export async function signOut(ctx: HttpContext) {
  await ctx.auth.use('web').logout()
  ctx.session.clear()
  ctx.session.regenerate()
}

/**
 * Destroys every session of the user except `keepSessionId` (the current one, when
 * they stay signed in here). Answers how many were ended.
 */
export async function endSessionsOf(
  user: User,
  keepSessionId: string | null = null,
  collection?: SessionCollection
): Promise<number> {
  const sessions = collection ?? (await app.container.make(SessionCollection))
  if (!sessions.supportsTagging()) return 0
  const tagged = await sessions.tagged(String(user.id))
  let ended = 0
  for (const session of tagged) {
    if (session.id === keepSessionId) continue
    await sessions.destroy(session.id)
    ended++
  }
  return ended
}

/**
 * After a password change: this session gets a new id (still signed in) and every
 * other session of the user ends.
 */
export async function renewAfterPasswordChange(ctx: HttpContext, user: User) {
  await signIn(ctx, user)
  await endSessionsOf(user, ctx.session.sessionId)
}
