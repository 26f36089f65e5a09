import { test } from '@japa/runner'
import { deviceProfile, protocolPorts, supportedDevices } from '#services/site/device_catalogue'

test.group('Device catalogue', () => {
  test('lists the three protocol families on their Traccar ports', ({ assert }) => {
    assert.deepEqual(protocolPorts(), { teltonika: 5027, gt06: 5023, osmand: 5055 })
    const families = new Set(supportedDevices.map((device) => device.family))
    for (const family of ['FMB', 'FMC', 'GT06', 'Traccar Client'])
      assert.isTrue(families.has(family))
    assert.equal(new Set(supportedDevices.map((device) => device.id)).size, supportedDevices.length)
  })

  test('a Teltonika profile: TCP 5027 and the setparam SMS', ({ assert }) => {
    const profile = deviceProfile('fmb920', 'internet.operator')!
    assert.equal(profile.port, 5027)
    assert.equal(profile.transport, 'TCP')
    assert.equal(profile.setup.kind, 'sms')
    assert.equal(
      profile.setup.lines[0],
      `  setparam 2001:internet.operator;2004:${profile.host};2005:5027;2006:0`
    )
  })

  test('a GT06 profile sends APN and SERVER; Traccar Client gets an HTTP URL', ({ assert }) => {
    const gt06 = deviceProfile('gt06n', 'inter;net')!
    assert.equal(gt06.setup.lines[0], 'APN,internet#')
    assert.match(gt06.setup.lines[1], /^SERVER,[01],[^,]+,5023,0#$/)
    const app = deviceProfile('traccar-client-android')!
    assert.equal(app.transport, 'HTTP')
    assert.equal(app.setup.kind, 'app')
    assert.equal(app.setup.lines[0], `http://${app.host}:5055`)
    assert.isNull(deviceProfile('nope'))
  })
})
