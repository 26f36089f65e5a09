import { createHmac, timingSafeEqual } from 'node:crypto'
import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import integrationsConfig from '#config/integrations'
import Webhook from '#models/webhook'
import WebhookDelivery from '#models/webhook_delivery'
import { openSecret } from '#services/settings/secrets'

export const WEBHOOK_SECRET_PURPOSE = 'company-webhook-secret'
export const SIGNATURE_HEADER = 'X-FleetTrack-Signature'
export const TIMESTAMP_HEADER = 'X-FleetTrack-Timestamp'
/** How old a delivery's timestamp may be (either way) before a receiver refuses it as a replay. */
export const SIGNATURE_TOLERANCE_SECONDS = 300
/** Attempts before a delivery is given up (about a day with the back-off below). */
export const MAX_ATTEMPTS = 10

/** An event of the event flow (spec §9 codes), as dispatchWebhooks takes it. */
export interface WebhookEvent {
  id?: number | string | null
  companyId: number
  deviceId: number
  code: string
  state?: 'A' | 'F' | null
  time: Date | string
  latitude?: number | null
  longitude?: number | null
  attributes?: Record<string, unknown>
}

/**
 * `sha256=<hex>`: the HMAC-SHA256, with the webhook's secret, of `<timestamp>.<raw body>` where
 * the timestamp is the `X-FleetTrack-Timestamp` header (Unix seconds): a captured delivery
 * cannot be replayed later with a fresh timestamp, the signature would not match.
 */
export function signature(secret: string, timestamp: string, body: string) {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`
}

/**
 * The receiver's check, as documented on the integrations page: the signature must be the one
 * of `<timestamp>.<raw body>` (compared in constant time) and the timestamp within
 * `toleranceSeconds` (5 minutes) of the receiver's clock, else the delivery is refused as forged
 * or as a replay.
 */
export function verifySignature(input: {
  secret: string
  body: string
  timestamp: string | undefined
  signature: string | undefined
  nowSeconds?: number
  toleranceSeconds?: number
}): 'valid' | 'forged' | 'stale' {
  const { secret, body, timestamp, signature: given } = input
  if (!timestamp || !given || !/^\d{1,12}$/.test(timestamp)) return 'forged'
  const expected = Buffer.from(signature(secret, timestamp, body))
  const received = Buffer.from(given)
  if (expected.length !== received.length || !timingSafeEqual(expected, received)) return 'forged'
  const now = input.nowSeconds ?? Math.floor(Date.now() / 1000)
  const tolerance = input.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS
  return Math.abs(now - Number(timestamp)) > tolerance ? 'stale' : 'valid'
}

/** Seconds to wait before attempt n+1 after n failed ones: 30 s doubling, at most 6 h. */
export function backoffSeconds(attempts: number) {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 6 * 3600)
}

/**
 * Queues an event for every active webhook of its company: one delivery row each, POSTed
 * by the webhook delivery job (retried with back-off), so a slow receiver never slows the
 * event flow. Returns how many deliveries were queued. The notification dispatch job calls
 * it once per stored event, inside its cursor's transaction (`client`).
 */
export async function dispatchWebhooks(
  event: WebhookEvent,
  options: { client?: TransactionClientContract } = {}
): Promise<number> {
  const client = options.client
  const hooks = await Webhook.query({ client })
    .where('company_id', event.companyId)
    .where('active', true)
    .select('id')
  if (hooks.length === 0) return 0
  const device = await (client ?? db)
    .from('devices')
    .where('id', event.deviceId)
    .where('company_id', event.companyId)
    .select('id', 'name', 'plate', 'imei')
    .first()
  if (!device) return 0
  const payload = {
    type: 'event',
    event: {
      id: event.id === undefined || event.id === null ? null : Number(event.id),
      code: event.code,
      state: event.state ?? null,
      time: new Date(event.time).toISOString(),
      latitude: event.latitude ?? null,
      longitude: event.longitude ?? null,
      attributes: event.attributes ?? {},
    },
    device: { id: device.id, name: device.name, plate: device.plate, imei: device.imei },
  }
  const now = DateTime.now()
  await WebhookDelivery.createMany(
    hooks.map((hook) => ({
      webhookId: hook.id,
      companyId: event.companyId,
      payload,
      status: 'pending' as const,
      attempts: 0,
      nextAttemptAt: now,
    })),
    { client }
  )
  return hooks.length
}

/** Addresses of this machine and its private networks: a webhook never reaches them. */
const internal = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 3],
] as const) {
  internal.addSubnet(network, prefix, 'ipv4')
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  internal.addSubnet(network, prefix, 'ipv6')
}

/** Whether an IP address is on the public internet (not loopback, private, link-local…). */
export function isPublicAddress(address: string) {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1]
  const ip = mapped ?? address
  const family = isIP(ip)
  if (family === 0) return false
  return !internal.check(ip, family === 4 ? 'ipv4' : 'ipv6')
}

/**
 * Who may be posted to: public addresses only, so an admin cannot aim the server at its own
 * network (the database, cloud metadata at 169.254.169.254). `allowPrivate` is for tests and
 * closed networks (WEBHOOK_ALLOW_PRIVATE_ADDRESSES=true).
 */
export const webhookAddresses = {
  allowPrivate: integrationsConfig.allowPrivateWebhookAddresses,
}

export class WebhookAddressError extends Error {
  constructor(host: string) {
    super(`The webhook address ${host} is not a public address.`)
  }
}

async function assertPublicHost(url: string) {
  if (webhookAddresses.allowPrivate) return
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '')
  let addresses = [host]
  if (!isIP(host)) {
    const found = await lookup(host, { all: true })
    addresses = found.map((entry) => entry.address)
  }
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) {
    throw new WebhookAddressError(host)
  }
}

/** POSTs one delivery; returns the HTTP status, or throws on a network error. */
export async function postDelivery(hook: Webhook, delivery: WebhookDelivery) {
  await assertPublicHost(hook.url)
  const secret = openSecret(hook.secret, WEBHOOK_SECRET_PURPOSE) ?? ''
  const body = JSON.stringify({ id: delivery.id, ...delivery.payload })
  const timestamp = Math.floor(Date.now() / 1000).toString()
  const response = await fetch(hook.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'FleetTrack-Webhooks/1',
      [SIGNATURE_HEADER]: signature(secret, timestamp, body),
      'X-FleetTrack-Delivery': String(delivery.id),
      'X-FleetTrack-Attempt': String(delivery.attempts + 1),
      [TIMESTAMP_HEADER]: timestamp,
    },
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(10_000),
  })
  await response.body?.cancel().catch(() => {})
  return response.status
}
