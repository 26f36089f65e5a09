import { test } from '@japa/runner'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import logger from '@adonisjs/core/services/logger'
import { startListenerChildren } from '#tracking/server/listener_child'

/**
 * A stand-in for `ace.js tracker:listen`: says it listens, sends one live update with what
 * the web process gave it in its environment, and stays until stopped or orphaned.
 */
const FAKE_LISTENER = `
process.send({ type: 'listener-ready', ports: { teltonika: 5027 } })
process.send({
  type: 'live',
  channel: 'companies/1/live',
  message: {
    type: 'position',
    viaParent: process.env.TRACKER_LIVE_VIA_PARENT,
    worker: process.env.TRACKER_WORKER_ID + '/' + process.env.TRACKER_WORKER_COUNT,
    pid: process.pid,
  },
})
process.on('SIGTERM', () => process.exit(0))
process.on('disconnect', () => process.exit(0))
setInterval(() => {}, 1000)
`

const waitFor = async (condition: () => boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

test.group('Tracker listener in processes of the web process', () => {
  test('the listener runs in another process; its live updates and readiness come back over IPC', async ({
    assert,
  }) => {
    const dir = mkdtempSync(join(tmpdir(), 'listener-child-'))
    const script = join(dir, 'ace.mjs')
    writeFileSync(script, FAKE_LISTENER)
    const broadcasts: { channel: string; message: Record<string, unknown> }[] = []
    let readyPorts: unknown = null
    const listener = startListenerChildren({
      aceScript: script,
      count: 2,
      logger,
      viaParent: true,
      broadcast: (channel, message) => broadcasts.push({ channel, message }),
      onReady: (ports) => (readyPorts = ports),
    })
    try {
      await waitFor(() => broadcasts.length === 2 && listener.ready)
      assert.deepEqual(readyPorts, { teltonika: 5027 })
      assert.deepEqual(
        broadcasts.map((one) => one.channel),
        ['companies/1/live', 'companies/1/live']
      )
      assert.sameMembers(
        broadcasts.map((one) => one.message.worker),
        ['1/2', '2/2']
      )
      for (const { message } of broadcasts) {
        assert.equal(message.viaParent, '1')
        assert.notEqual(message.pid, process.pid)
      }
      assert.equal(listener.supervisor.pids.size, 2)
    } finally {
      await listener.supervisor.stop(5000)
      rmSync(dir, { recursive: true, force: true })
    }
    assert.equal(listener.supervisor.pids.size, 0)
  }).timeout(30_000)
})
