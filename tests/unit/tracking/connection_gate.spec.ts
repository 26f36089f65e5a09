import { test } from '@japa/runner'
import {
  ConnectionGate,
  connectionBudget,
  descriptorLimit,
  parseDescriptorLimit,
} from '#tracking/server/connection_gate'

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max processes             unlimited            unlimited            processes
Max open files            20000                40000                files
Max locked memory         8388608              8388608              bytes
`

test.group('Descriptor budget', () => {
  test('the soft limit of open files is read from /proc/self/limits', ({ assert }) => {
    assert.equal(parseDescriptorLimit(LIMITS), 20000)
    assert.isNull(parseDescriptorLimit('Max open files unlimited unlimited files\n'))
    assert.isNull(parseDescriptorLimit('nothing here'))
    assert.isNull(descriptorLimit('/no/such/file'))
  })

  test('tracker connections leave the reserve free and never exceed the configured maximum', ({
    assert,
  }) => {
    assert.equal(connectionBudget(20000, 1000, 50000), 19000)
    assert.equal(connectionBudget(20000, 1000, 5000), 5000)
    assert.equal(connectionBudget(500, 1000, 5000), 0)
    assert.equal(connectionBudget(null, 1000, 7000), 7000)
  })

  test('the gate caps the total and each address, and frees places on release', ({ assert }) => {
    const gate = new ConnectionGate(3, 2)
    assert.equal(gate.admit('10.0.0.1'), 'ok')
    assert.equal(gate.admit('10.0.0.1'), 'ok')
    assert.equal(gate.admit('10.0.0.1'), 'address')
    assert.equal(gate.admit('10.0.0.2'), 'ok')
    assert.equal(gate.admit('10.0.0.3'), 'full')
    gate.release('10.0.0.1')
    assert.equal(gate.connections, 2)
    assert.equal(gate.admit('10.0.0.3'), 'ok')
    assert.equal(gate.admit('10.0.0.1'), 'full')
  })

  test('no cap per address when it is 0', ({ assert }) => {
    const gate = new ConnectionGate(10, 0)
    for (let i = 0; i < 10; i++) assert.equal(gate.admit('127.0.0.1'), 'ok')
    assert.equal(gate.admit('127.0.0.1'), 'full')
  })
})
