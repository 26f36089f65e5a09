import 'reflect-metadata'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { Ignitor, prettyPrintError } from '@adonisjs/core'
import { restartWithWebMemorySettings } from '#services/runtime/web_memory'

// V8's young generation and glibc's arenas are read at start: run again with them if need be.
restartWithWebMemorySettings()

const APP_ROOT = new URL('../', import.meta.url)

const IMPORTER = (filePath: string) => {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, APP_ROOT).href)
  }
  return import(filePath)
}

new Ignitor(APP_ROOT, { importer: IMPORTER })
  .tap((app) => {
    app.booting(async () => {
      await import('#start/env')
    })
    app.listen('SIGTERM', () => app.terminate())
    app.listenIf(app.managedByPm2, 'SIGINT', () => app.terminate())
  })
  .httpServer()
  .start((handler) => {
    // Cached public pages are answered before the framework makes a context for the request
    // (app/services/site/page_cache.ts); the module is the one the app's routes fill.
    let cached: ((req: IncomingMessage, res: ServerResponse) => boolean) | null = null
    import('#services/site/page_cache').then((module) => (cached = module.serveCachedPageRaw))
    return createServer((req, res) => {
      if (cached?.(req, res)) return
      return handler(req, res)
    })
  })
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
