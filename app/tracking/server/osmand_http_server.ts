import http from 'node:http'
import type { Logger } from '@adonisjs/core/logger'
import { decodeOsmAndRequest } from '../protocols/osmand/osmand_decoder.js'
import type { DeviceRegistry } from './device_registry.js'
import type { IngestPipeline } from '../pipeline/ingest.js'

const MAX_BODY_BYTES = 64 * 1024

/**
 * The OsmAnd protocol of the Traccar Client app: one HTTP request per position.
 * 200 with an empty body once stored, 400 for a malformed report, 403 for a device
 * that is not registered (it is listed for an admin to claim).
 */
export class OsmAndHttpServer {
  private readonly server: http.Server

  constructor(
    private readonly registry: DeviceRegistry,
    private readonly ingest: IngestPipeline,
    private readonly logger: Logger
  ) {
    this.server = http.createServer((request, response) => {
      this.handle(request, response).catch((error) => {
        this.logger.error({ err: error }, 'osmand request failed')
        if (!response.headersSent) response.writeHead(503).end()
      })
    })
    this.server.headersTimeout = 15_000
    this.server.requestTimeout = 30_000
    this.server.keepAliveTimeout = 65_000
  }

  listen(port: number, host = '0.0.0.0'): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject)
      this.server.listen(port, host, () => {
        this.server.off('error', reject)
        resolve((this.server.address() as { port: number }).port)
      })
    })
  }

  close() {
    return new Promise<void>((resolve) => {
      this.server.close(() => resolve())
      this.server.closeAllConnections()
    })
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const body = await readBody(request)
    if (body === null) return response.writeHead(413).end()
    const url = new URL(request.url ?? '/', 'http://tracker.local')
    const decoded = decodeOsmAndRequest(
      request.method ?? 'GET',
      url.searchParams,
      request.headers['content-type'],
      body
    )
    if (!decoded.ok)
      return response.writeHead(400, { 'content-type': 'text/plain' }).end(decoded.reason)

    const device = await this.registry.find(decoded.position.imei)
    if (!device || device.protocol !== 'osmand') {
      await this.registry.recordUnknown(
        decoded.position.imei,
        'osmand',
        request.socket.remoteAddress ?? null
      )
      return response.writeHead(403, { 'content-type': 'text/plain' }).end('unknown device')
    }
    let position = decoded.position
    if (decoded.locationMissing) {
      const state = await this.registry.state(device)
      position = {
        ...position,
        latitude: state.latitude ?? 0,
        longitude: state.longitude ?? 0,
        valid: false,
      }
    }
    await this.ingest.positions(device, [position], { ipAddress: request.socket.remoteAddress })
    response.writeHead(200).end()
  }
}

function readBody(request: http.IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        resolve(null)
        request.destroy()
        return
      }
      chunks.push(chunk)
    })
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}
