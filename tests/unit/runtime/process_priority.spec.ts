import { test } from '@japa/runner'
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

/**
 * Runs `body` in a Node process of its own (the test runner's own priority stays as it is),
 * with a worker thread already running, and returns what it prints as JSON.
 */
async function inOwnProcess(body: string) {
  const script = `
import os from 'node:os'
import { readdirSync } from 'node:fs'
import { Worker } from 'node:worker_threads'
import { lowerProcessPriority, restoreProcessPriority, currentPriority } from '#services/runtime/process_priority'
const idle = () => new Worker('setInterval(() => {}, 1000)', { eval: true })
const priorities = () => readdirSync('/proc/self/task').map((tid) => os.getPriority(Number(tid)))
const before = idle()
await new Promise((resolve) => before.once('online', resolve))
${body}
process.exit(0)
`
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', '@poppinss/ts-exec', '--input-type=module', '-e', script],
    { cwd: ROOT }
  )
  return JSON.parse(stdout)
}

test.group('Process priority (ingest first on one host)', () => {
  test('every thread of the process is lowered, and a thread started later inherits it', async ({
    assert,
  }) => {
    const result = await inOwnProcess(`
const lowered = lowerProcessPriority(7)
const after = idle()
await new Promise((resolve) => after.once('online', resolve))
console.log(JSON.stringify({ lowered, current: currentPriority(), priorities: priorities() }))
`)
    assert.isAbove(result.lowered, 2)
    assert.equal(result.current, 7)
    assert.isAbove(result.priorities.length, result.lowered)
    assert.deepEqual([...new Set(result.priorities)], [7])
  })

  test('nothing is lowered at 0, and no thread is raised by a lower value', async ({ assert }) => {
    const result = await inOwnProcess(`
const none = lowerProcessPriority(0)
lowerProcessPriority(9)
const again = lowerProcessPriority(4)
console.log(JSON.stringify({ none, again, priorities: priorities() }))
`)
    assert.equal(result.none, 0)
    assert.equal(result.again, 0)
    assert.deepEqual([...new Set(result.priorities)], [9])
  })

  test('restoring raises every thread back where the host allows it, and says when it cannot', async ({
    assert,
  }) => {
    const result = await inOwnProcess(`
lowerProcessPriority(6)
const restored = restoreProcessPriority(0)
console.log(JSON.stringify({ restored, priorities: priorities() }))
`)
    assert.deepEqual([...new Set(result.priorities)], [result.restored ? 0 : 6])
  })
})
