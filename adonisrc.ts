import { indexPages } from '@adonisjs/inertia'
import { defineConfig } from '@adonisjs/core/app'
import { indexPolicies } from '@adonisjs/bouncer'
import { indexEntities } from '@adonisjs/core'

export default defineConfig({
  experimental: {},
  commands: [
    () => import('@adonisjs/core/commands'),
    () => import('@adonisjs/lucid/commands'),
    () => import('@adonisjs/session/commands'),
    () => import('@adonisjs/mail/commands'),
    () => import('adonisjs-scheduler/commands'),
    () => import('@adonisjs/bouncer/commands'),
  ],
  providers: [
    () => import('@adonisjs/core/providers/app_provider'),
    () => import('@adonisjs/core/providers/hash_provider'),
    {
      file: () => import('@adonisjs/core/providers/repl_provider'),
      environment: ['repl', 'test'],
    },
    () => import('@adonisjs/core/providers/vinejs_provider'),
    () => import('@adonisjs/core/providers/edge_provider'),
    () => import('@adonisjs/inertia/inertia_provider'),
    () => import('@adonisjs/lucid/database_provider'),
    () => import('@adonisjs/session/session_provider'),
    () => import('@adonisjs/shield/shield_provider'),
    () => import('@adonisjs/static/static_provider'),
    () => import('@adonisjs/vite/vite_provider'),
    () => import('@adonisjs/auth/auth_provider'),
    () => import('@adonisjs/i18n/i18n_provider'),
    () => import('@adonisjs/ally/ally_provider'),
    () => import('@adonisjs/transmit/transmit_provider'),
    () => import('@adonisjs/limiter/limiter_provider'),
    () => import('@adonisjs/mail/mail_provider'),
    () => import('@adonisjs/redis/redis_provider'),
    {
      file: () => import('adonisjs-scheduler/scheduler_provider'),
      environment: ['console'],
    },
    () => import('@adonisjs/drive/drive_provider'),
    () => import('@adonisjs/bouncer/bouncer_provider'),
  ],
  preloads: [
    () => import('#start/routes'),
    () => import('#start/kernel'),
    () => import('#start/view'),
    () => import('#start/record_webhooks'),
    { file: () => import('#start/tracking'), environment: ['web'] },
    { file: () => import('#start/scheduler_web'), environment: ['web'] },
    { file: () => import('#start/seller_details'), environment: ['web'] },
    {
      file: () => import('#start/scheduler'),
      environment: ['console'],
    },
  ],
  tests: {
    suites: [
      { files: ['tests/unit/**/*.spec.ts'], name: 'unit', timeout: 10000 },
      { files: ['tests/functional/**/*.spec.ts'], name: 'functional', timeout: 30000 },
      { files: ['tests/browser/**/*.spec.ts'], name: 'browser', timeout: 120000 },
    ],
    forceExit: true,
  },
  metaFiles: [
    { pattern: 'resources/views/**/*.edge', reloadServer: false },
    { pattern: 'resources/lang/**/*.{json,yaml,yml}', reloadServer: false },
    { pattern: 'public/**', reloadServer: false },
    { pattern: 'content/**', reloadServer: false },
  ],
  hooks: {
    init: [
      indexEntities({
        // Page data types (.adonisjs/client/data.d.ts): the transformers that are
        // BaseTransformer classes, and the shared props of the Inertia middleware.
        transformers: {
          enabled: true,
          withSharedProps: true,
          glob: [
            '**/app/transformers/site/post_transformer.ts',
            '**/app/transformers/site/contact_message_transformer.ts',
            '**/app/transformers/site/demo_request_transformer.ts',
            '**/app/transformers/crud/resource_transformer.ts',
            '**/app/transformers/fleet/maintenance_transformer.ts',
            '**/app/transformers/settings/building_transformer.ts',
            '**/app/transformers/fuel/fuel_log_transformer.ts',
            '**/app/transformers/account/subscription_transformer.ts',
            '**/app/transformers/account/invoice_transformer.ts',
            '**/app/transformers/account/order_review_transformer.ts',
            '**/app/transformers/settings/api_token_transformer.ts',
            '**/app/transformers/settings/webhook_transformer.ts',
            '**/app/transformers/settings/command_transformer.ts',
            '**/app/transformers/settings/command_template_transformer.ts',
            '**/app/transformers/alerts/notification_setting_transformer.ts',
            '**/app/transformers/alerts/push_setting_transformer.ts',
            '**/app/transformers/live/alarm_transformer.ts',
            '**/app/transformers/live/licence_transformer.ts',
            '**/app/transformers/alerts/geofence_transformer.ts',
            '**/app/transformers/reports/scheduled_report_transformer.ts',
            '**/app/transformers/site/pricing_transformer.ts',
            '**/app/transformers/site/inquiry_form_transformer.ts',
            '**/app/transformers/site/office_transformer.ts',
            '**/app/transformers/site/quote_transformer.ts',
            '**/app/transformers/site/offer_transformer.ts',
            '**/app/transformers/site/translation_coverage_transformer.ts',
          ],
        },
      }),
      indexPages({ framework: 'react' }),
      indexPolicies(),
    ],
    buildStarting: [() => import('@adonisjs/vite/build_hook')],
  },
})
