import { mailerForCompany } from '#services/mail/company_mailer'
import { sendCompanySms } from '#services/sms/company_sms'
import logger from '@adonisjs/core/services/logger'
import transmit from '@adonisjs/transmit/services/main'
import db from '@adonisjs/lucid/services/db'
import i18nManager from '@adonisjs/i18n/services/main'
import webpush from 'web-push'
import pushConfig from '#config/push'
import type { Locale } from '#shared/locales'
import { renderNotification, type NotificationData } from './notification_message.js'

/** A delivery as the worker claimed it. */
export interface Delivery {
  id: number
  companyId: number
  settingId: number | null
  channel: 'email' | 'sms' | 'inbox' | 'push'
  recipient: string
  payload: NotificationData & { locale?: string; timezone?: string }
  attempts: number
}

/** Thrown when retrying can never help (the push subscription is gone). */
export class PermanentDeliveryError extends Error {}

export interface OutgoingMail {
  companyId: number
  to: string
  locale: Locale
  subject: string
  heading: string
  body: string
  lines: string[]
  actionLabel: string
  actionUrl: string
  footer: string
}

/**
 * The one seam e-mail goes through: the company's own SMTP server when its e-mail settings
 * name one, else the system mailer (SMTP_HOST, or the log without it).
 */
export const notificationMailer = {
  async send(message: OutgoingMail) {
    const footer = message.footer
    const body = [message.body, ...message.lines].join('\n')
    const mailer = await mailerForCompany(message.companyId)
    await mailer.send((outgoing) => {
      outgoing
        .to(message.to)
        .subject(message.subject)
        .htmlView('emails/action', {
          locale: message.locale,
          heading: message.heading,
          body,
          actionLabel: message.actionLabel,
          actionUrl: message.actionUrl,
          footer,
        })
        .textView('emails/action_text', {
          heading: message.heading,
          body,
          actionUrl: message.actionUrl,
          footer,
        })
    })
    if (mailer.name === 'log') {
      logger.info(
        { to: message.to, subject: message.subject, body: message.body, link: message.actionUrl },
        'mail (no SMTP_HOST set)'
      )
    }
  },
}

/**
 * The seam SMS goes through: the company's provider (its SMS settings). Without one an SMS
 * delivery fails, and the rule shows why; a provider's refusal is retried like any failure.
 */
export const smsSender = {
  async send(companyId: number, to: string, text: string): Promise<void> {
    const result = await sendCompanySms(companyId, [to], text)
    if (!result) throw new Error('No SMS provider is configured.')
    if (!result.ok) {
      throw new Error(
        `The SMS provider refused the message (${result.code || 'unreachable'}): ${result.detail}`.trim()
      )
    }
  },
}

/** The Transmit channel of a user's inbox. */
export function inboxChannel(userId: number) {
  return `users/${userId}/notifications`
}

export type Broadcast = (channel: string, message: Record<string, unknown>) => void

export const inboxBroadcast: { send: Broadcast } = {
  send: (channel, message) => transmit.broadcast(channel, message as Record<string, string>),
}

async function readerOf(email: string) {
  return db
    .from('users')
    .whereRaw('lower(email) = lower(?)', [email])
    .select('locale', 'timezone')
    .first()
}

export const channelSenders: Record<Delivery['channel'], (delivery: Delivery) => Promise<void>> = {
  async email(delivery) {
    // A recipient with an account reads it in their language and time zone.
    const reader = await readerOf(delivery.recipient)
    const locale = (reader?.locale ?? delivery.payload.locale ?? 'en') as Locale
    const timezone = reader?.timezone ?? delivery.payload.timezone ?? 'Europe/Istanbul'
    const text = renderNotification(delivery.payload, locale, timezone)
    await notificationMailer.send({
      companyId: delivery.companyId,
      to: delivery.recipient,
      locale,
      subject: text.title,
      heading: text.title,
      body: text.body,
      lines: text.lines,
      actionLabel: i18nManager.locale(locale).t('alerts.message.open_vehicle'),
      actionUrl: text.url,
      footer: i18nManager.locale(locale).t('alerts.message.footer'),
    })
  },

  async sms(delivery) {
    const text = renderNotification(
      delivery.payload,
      delivery.payload.locale ?? 'en',
      delivery.payload.timezone ?? 'Europe/Istanbul'
    )
    await smsSender.send(delivery.companyId, delivery.recipient, `${text.body} ${text.url}`)
  },

  async inbox(delivery) {
    const userId = Number(delivery.recipient)
    const { payload } = delivery
    const [row] = await db
      .table('notifications')
      .insert({
        company_id: delivery.companyId,
        user_id: userId,
        setting_id: delivery.settingId,
        device_id: payload.kind === 'event' ? payload.deviceId : null,
        data: JSON.stringify(payload),
        created_at: new Date(),
      })
      .returning('id')
    const unread = await unreadCount(userId, delivery.companyId)
    inboxBroadcast.send(inboxChannel(userId), {
      type: 'notification',
      id: Number(row.id),
      companyId: delivery.companyId,
      unread,
    })
  },

  async push(delivery) {
    const subscription = await db
      .from('push_subscriptions')
      .where('id', Number(delivery.recipient))
      .first()
    if (!subscription) throw new PermanentDeliveryError('The push subscription no longer exists.')
    const reader = await db.from('users').where('id', subscription.user_id).first()
    const text = renderNotification(
      delivery.payload,
      reader?.locale ?? 'en',
      reader?.timezone ?? 'Europe/Istanbul'
    )
    const status = await sendWebPush(
      {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      },
      JSON.stringify({ title: text.title, body: text.body, url: text.url })
    )
    if (status === 404 || status === 410) {
      // The browser unsubscribed or the push service forgot it: never try it again.
      await db.from('push_subscriptions').where('id', subscription.id).delete()
      throw new PermanentDeliveryError(
        `The push service says the subscription is gone (${status}).`
      )
    }
    if (status < 200 || status >= 300) throw new Error(`The push service answered ${status}.`)
    await db
      .from('push_subscriptions')
      .where('id', subscription.id)
      .update({ last_used_at: new Date() })
  },
}

/**
 * Encrypts the payload for the subscription (aes128gcm), signs the request with the VAPID
 * keys and posts it to the push service. Returns the push service's status.
 */
export async function sendWebPush(
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
  payload: string
): Promise<number> {
  const details = webpush.generateRequestDetails(subscription, payload, {
    vapidDetails: {
      subject: pushConfig.subject,
      publicKey: pushConfig.keys.publicKey,
      privateKey: pushConfig.keys.privateKey,
    },
    TTL: 3600,
  })
  const response = await fetch(details.endpoint, {
    method: details.method,
    headers: details.headers as Record<string, string>,
    body: details.body ? new Uint8Array(details.body) : undefined,
    signal: AbortSignal.timeout(10_000),
  })
  await response.arrayBuffer().catch(() => null)
  return response.status
}

export async function unreadCount(userId: number, companyId: number): Promise<number> {
  const row = await db
    .from('notifications')
    .where({ user_id: userId, company_id: companyId })
    .whereNull('read_at')
    .count('* as total')
    .first()
  return Number(row?.total ?? 0)
}
