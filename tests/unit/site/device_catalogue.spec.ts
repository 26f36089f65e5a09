import { test } from '@japa/runner'
import { deviceProfile, protocolPorts, supportedDevices } from '#services/site/device_catalogue'

test.group('Device catalogue', () => {
  test('lists every protocol family on its Traccar port', ({ assert }) => {
    assert.deepEqual(protocolPorts(), {
      teltonika: 5027,
      gt06: 5023,
      osmand: 5055,
      h02: 5013,
      gps103: 5001,
      meitrack: 5020,
      ruptela: 5046,
      gl200: 5004,
    })
    const families = new Set(supportedDevices.map((device) => device.family))
    for (const family of [
      'FMB',
      'FMC',
      'GT06',
      'Traccar Client',
      'ST-90x',
      'TK103',
      'MVT',
      'FM-Eco',
      'GV',
    ])
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

  test('H02 and GPS103 profiles: the makers SMS commands on the Traccar ports', ({ assert }) => {
    const sinotrack = deviceProfile('sinotrack-st901', 'internet')!
    assert.equal(sinotrack.port, 5013)
    assert.deepEqual(sinotrack.setup.lines, ['8030000 internet', `8040000 ${sinotrack.host} 5013`])
    const coban = deviceProfile('coban-tk103b', 'internet')!
    assert.equal(coban.port, 5001)
    assert.equal(coban.protocolName, 'GPS103 / TK103 (Coban)')
    assert.deepEqual(coban.setup.lines, [
      'apn123456 internet',
      `adminip123456 ${coban.host} 5001`,
      'gprs123456',
    ])
  })

  test('Queclink profile: AT+GTBSI and AT+GTSRI with SACK on, on the Traccar port', ({
    assert,
  }) => {
    const queclink = deviceProfile('queclink-gv300', 'internet')!
    assert.equal(queclink.port, 5004)
    assert.deepEqual(queclink.setup.lines, [
      'AT+GTBSI=gv300,internet,,,,,,,0001$',
      `AT+GTSRI=gv300,3,,1,${queclink.host},5004,,0,,5,1,0,0,,,0002$`,
    ])
  })
})
