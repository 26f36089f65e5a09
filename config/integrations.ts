import env from '#start/env'

/**
 * Outgoing webhooks post to public addresses only; a closed network whose receivers are on
 * private addresses sets WEBHOOK_ALLOW_PRIVATE_ADDRESSES=true.
 */
const integrationsConfig = {
  allowPrivateWebhookAddresses: env.get('WEBHOOK_ALLOW_PRIVATE_ADDRESSES', false),
}

export default integrationsConfig
