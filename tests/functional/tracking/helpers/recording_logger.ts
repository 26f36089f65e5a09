import type { Logger } from '@adonisjs/core/logger'

export interface LogLine {
  level: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal'
  message: string
  data: unknown
}

/** A logger that keeps what it is told, for tests that count log lines. */
export function recordingLogger() {
  const lines: LogLine[] = []
  const at = (level: LogLine['level']) => (data: unknown, message?: string) => {
    lines.push(
      typeof data === 'string'
        ? { level, message: data, data: null }
        : { level, message: message ?? '', data }
    )
  }
  const logger = {
    trace: at('trace'),
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    fatal: at('fatal'),
    child: () => logger,
    isLevelEnabled: () => true,
  }
  return { logger: logger as unknown as Logger, lines }
}
