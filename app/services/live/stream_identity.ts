import { createHmac } from 'node:crypto'

/**
 * The identity of a live-update stream (Transmit, Server-Sent Events) on the server.
 *
 * The browser names its stream with a random `uid` and repeats it when it subscribes
 * to a channel. Taken as is, anyone who learns that uid (it travels in the query
 * string) could subscribe it to a channel they may read, and the stream's owner would
 * then receive that channel. So the server never uses the browser's uid: it keys the
 * stream by an HMAC of the session id and the browser's uid. A subscribe request only
 * reaches a stream opened with the same session cookie; the same uid sent from another
 * session names another (usually no) stream.
 */
export function serverStreamUid(secret: string, sessionId: string, clientUid: string): string {
  return createHmac('sha256', secret).update(`${sessionId}\n${clientUid}`).digest('base64url')
}

/** A browser's stream uid: a short printable token (the client sends a UUID). */
export function isClientStreamUid(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(value)
}
