import { test } from '@japa/runner'
import { EventEmitter } from 'node:events'
import type { ChildProcess } from 'node:child_process'
import { ListenerSupervisor, restartDelay } from '#tracking/server/listener_supervisor'
import { recordingLogger } from '#tests/functional/tracking/helpers/recording_logger'

let nextPid = 1000

/** A worker process stand-in: exits on SIGTERM unless told to ignore it, always on SIGKILL. */
class FakeWorker extends EventEmitter {
  readonly pid = nextPid++
  readonly signals: string[] = []

  constructor(
    readonly workerId: number,
    private readonly ignoresSigterm = false
  ) {
    super()
  }

  kill(signal: string) {
    this.signals.push(signal)
    if (signal === 'SIGKILL' || !this.ignoresSigterm) {
      setImmediate(() => this.emit('exit', signal === 'SIGKILL' ? null : 0, signal))
    }
    return true
  }

  die() {
    this.emit('exit', null, 'SIGKILL')
  }
}

function supervisor(count: number, ignoresSigterm = false) {
  const spawned: FakeWorker[] = []
  const { logger, lines } = recordingLogger()
  const instance = new ListenerSupervisor(
    count,
    (id) => {
      const worker = new FakeWorker(id, ignoresSigterm)
      spawned.push(worker)
      return worker as unknown as ChildProcess
    },
    logger
  )
  return { instance, spawned, lines }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

test.group('Listener supervisor (tracker:listen --workers)', () => {
  test('starts one process per worker', ({ assert }) => {
    const { instance, spawned } = supervisor(3)
    instance.start()
    assert.deepEqual(
      spawned.map((worker) => worker.workerId),
      [1, 2, 3]
    )
    assert.deepEqual([...instance.pids.keys()], [1, 2, 3])
  })

  test('a worker that dies is restarted under the same number, and the error is logged', async ({
    assert,
  }) => {
    const { instance, spawned, lines } = supervisor(2)
    instance.start()
    spawned[1].die()
    assert.deepEqual([...instance.pids.keys()], [1])
    await sleep(restartDelay(1) + 100)
    assert.lengthOf(spawned, 3)
    assert.equal(spawned[2].workerId, 2)
    assert.equal(instance.pids.get(2), spawned[2].pid)
    assert.isTrue(
      lines.some((line) => line.level === 'error' && line.message.includes('restarting'))
    )
    await instance.stop()
  })

  test('stop asks every worker to stop, waits for them and restarts none', async ({ assert }) => {
    const { instance, spawned } = supervisor(3)
    instance.start()
    await instance.stop()
    assert.deepEqual(
      spawned.map((worker) => worker.signals),
      [['SIGTERM'], ['SIGTERM'], ['SIGTERM']]
    )
    assert.equal(instance.pids.size, 0)
    await sleep(restartDelay(1) + 100)
    assert.lengthOf(spawned, 3)
  })

  test('a worker that does not stop in time is killed', async ({ assert }) => {
    const { instance, spawned } = supervisor(1, true)
    instance.start()
    await instance.stop(50)
    assert.deepEqual(spawned[0].signals, ['SIGTERM', 'SIGKILL'])
  })

  test('a worker that keeps dying is restarted with back-off up to 30 s', ({ assert }) => {
    assert.deepEqual([0, 1, 2, 3, 10].map(restartDelay), [0, 500, 1000, 2000, 30_000])
  })
})
