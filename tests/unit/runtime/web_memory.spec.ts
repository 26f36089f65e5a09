import { test } from '@japa/runner'
import {
  DEFAULT_MALLOC_ARENA_MAX,
  DEFAULT_WEB_HEAP_GROWING_PERCENT,
  DEFAULT_WEB_SEMI_SPACE_MB,
  WEB_ADDED_FLAGS,
  missingWebMemorySettings,
  ownFlagsOnly,
} from '#services/runtime/web_memory'

test.group('Web process memory settings', () => {
  test('a young generation and two malloc arenas unless given', ({ assert }) => {
    assert.deepEqual(missingWebMemorySettings([], {}), {
      flags: [
        `--max-semi-space-size=${DEFAULT_WEB_SEMI_SPACE_MB}`,
        `--heap-growing-percent=${DEFAULT_WEB_HEAP_GROWING_PERCENT}`,
      ],
      env: { MALLOC_ARENA_MAX: DEFAULT_MALLOC_ARENA_MAX },
    })
    assert.deepEqual(
      missingWebMemorySettings([], { WEB_SEMI_SPACE_MB: '32', WEB_HEAP_GROWING_PERCENT: '80' })
        .flags,
      ['--max-semi-space-size=32', '--heap-growing-percent=80']
    )
    // What whoever started the process gave is kept.
    assert.deepEqual(
      missingWebMemorySettings(['--max-semi-space-size=64', '--heap-growing-percent=100'], {
        MALLOC_ARENA_MAX: '8',
      }),
      { flags: [], env: {} }
    )
    assert.deepEqual(
      missingWebMemorySettings([], { NODE_OPTIONS: '--max_semi_space_size=8' }).flags,
      [`--heap-growing-percent=${DEFAULT_WEB_HEAP_GROWING_PERCENT}`]
    )
    // 0 leaves V8's own.
    assert.deepEqual(
      missingWebMemorySettings([], { WEB_SEMI_SPACE_MB: '0', WEB_HEAP_GROWING_PERCENT: '0' }).flags,
      []
    )
  })

  test('the flags the web process added are not passed on to its listener processes', ({
    assert,
  }) => {
    const before = process.env[WEB_ADDED_FLAGS]
    process.env[WEB_ADDED_FLAGS] = '--max-semi-space-size=16'
    try {
      assert.deepEqual(
        ownFlagsOnly(['--enable-source-maps', '--max-semi-space-size=16', '--cpu-prof']),
        ['--enable-source-maps', '--cpu-prof']
      )
    } finally {
      if (before === undefined) delete process.env[WEB_ADDED_FLAGS]
      else process.env[WEB_ADDED_FLAGS] = before
    }
    assert.deepEqual(ownFlagsOnly(['--max-semi-space-size=16']), ['--max-semi-space-size=16'])
  })
})
