/*
| Record events for webhooks: every write of an API resource's model queues its event
| (app/services/integrations/record_webhook_hooks.ts), in every process that writes.
*/
import { registerRecordWebhooks } from '#services/integrations/record_webhook_hooks'

registerRecordWebhooks()
