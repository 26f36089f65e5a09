import { test } from '@japa/runner'
import { providerChannelOfRoute } from '#services/settings/provider_channels'
import { alertRuleChannelOfRoute } from '#services/notifications/alert_rule_channels'

test.group('Channel pages: the route names the channel', () => {
  test('e-mail and SMS provider settings, in both languages and on every verb', ({ assert }) => {
    for (const name of [
      'settings.email-settings',
      'tr.settings.email-settings',
      'settings.email-settings.put',
      'tr.settings.email-settings.post.test',
    ]) {
      assert.equal(providerChannelOfRoute(name).testFlash, 'smtpTest', name)
    }
    for (const name of ['settings.sms-settings', 'tr.settings.sms-settings.delete']) {
      assert.equal(providerChannelOfRoute(name).testFlash, 'smsTest', name)
    }
    assert.throws(() => providerChannelOfRoute('settings.email-settings-other'))
    assert.throws(() => providerChannelOfRoute(undefined))
  })

  test('notification and push rules', ({ assert }) => {
    assert.equal(
      alertRuleChannelOfRoute('tr.settings.notification-settings.put.id').table,
      'notification_settings'
    )
    assert.equal(
      alertRuleChannelOfRoute('settings.push-notification-settings.delete.id').table,
      'push_notification_settings'
    )
    assert.equal(
      alertRuleChannelOfRoute('settings.push-notification-settings').messages,
      'alerts.push'
    )
    assert.throws(() => alertRuleChannelOfRoute('settings.geofences'))
  })
})
