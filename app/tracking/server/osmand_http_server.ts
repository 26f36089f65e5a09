import http from 'node:http'
import type net from 'node:net'
import type { Logger } from '@adonisjs/core/logger'
import { decodeOsmAndRequest } from '../protocols/osmand/osmand_decoder.js'
import type { DeviceRegistry } from './device_registry.js'
import type { IngestPipeline } from '../pipeline/ingest.js'
import { isDatabaseUnavailable } from '../../exceptions/database_unavailable.js'
import { ThrottledLog } from './throttled_log.js'
import type { ConnectionGate } from './connection_gate.js'

const MAX_BODY_BYTES = 64 * 1024

/** A request the client broke (aborted body, reset connection): nothing to answer. */
class ClientFault extends Error {}

/**
 * The OsmAnd protocol of the Traccar Client app: one HTTP request per position.
 * 200 with an empty body once stored, 400 for a malformed report (or request line),
 * 403 for a device that is not registered (it is listed for an admin to claim), 503
 * while the database is away (not stored: the app retries).
 *
 * Client faults (garbage, aborted bodies) are warnings, throttled per address: one
 * hostile client cannot fill the log.
 */
export class OsmAndHttpServer {
  private readonly server: http.Server
  private readonly warnings: ThrottledLog
  private readonly refreshed = new WeakMap<net.Socket, number>()

  constructor(
    private readonly registry: DeviceRegistry,
    private readonly ingest: IngestPipeline,
    logger: Logger,
    gate?: ConnectionGate,
    /** One of several workers on the port: a device's cached state is reloaded per connection. */
    private readonly sharedPorts = false
  ) {
    this.warnings = new ThrottledLog(logger)
    this.server = http.createServer((request, response) => {
      this.handle(request, response).catch((error) => this.failed(request, response, error))
    })
    // Unparseable HTTP: answer 400 (when the socket still can) and close, quietly.
    this.server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
      this.clientFault((socket as net.Socket).remoteAddress, error.code ?? error.message)
      if (socket.writable && !(socket as { _httpMessage?: unknown })._httpMessage) {
        socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
      }
      socket.destroy()
    })
    // Phone connections count against the same descriptor budget as the tracker ports.
    this.server.on('connection', (socket: net.Socket) => {
      if (!gate) return
      const address = socket.remoteAddress
      if (gate.admit(address) === 'ok') {
        socket.once('close', () => gate.release(address))
        return
      }
      this.warnings.warn(`refused:${address}`, { remote: address }, 'osmand connection refused')
      socket.destroy()
    })
    this.server.headersTimeout = 15_000
    this.server.requestTimeout = 30_000
    this.server.keepAliveTimeout = 65_000
  }

  listen(port: number, host = '0.0.0.0', reusePort = false): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject)
      this.server.listen({ port, host, reusePort }, () => {
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

  private clientFault(remote: string | undefined, reason: string) {
    const address = remote ?? 'unknown'
    this.warnings.warn(`fault:${address}`, { remote: address, reason }, 'osmand client fault')
  }

  private failed(request: http.IncomingMessage, response: http.ServerResponse, error: unknown) {
    if (error instanceof ClientFault) {
      this.clientFault(request.socket.remoteAddress, error.message)
      if (!response.headersSent) response.writeHead(400, { connection: 'close' }).end()
      return
    }
    if (isDatabaseUnavailable(error)) {
      this.warnings.warn(
        'database',
        { error: (error as Error).message },
        'database unavailable: osmand report not stored (503, the app retries)'
      )
    } else {
      this.warnings.warn(
        `error:${(error as Error)?.message}`,
        { err: error },
        'osmand request failed'
      )
    }
    if (!response.headersSent) response.writeHead(503, { 'retry-after': '5' }).end()
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const url = parseUrl(request.url)
    if (!url) {
      this.clientFault(request.socket.remoteAddress, 'malformed request target')
      return response
        .writeHead(400, { 'content-type': 'text/plain', 'connection': 'close' })
        .end('malformed request target')
    }
    const body = await readBody(request)
    if (body === null) return response.writeHead(413, { connection: 'close' }).end()
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
    if (this.sharedPorts && this.refreshed.get(request.socket) !== device.id) {
      // The phone's previous connection may have been on another worker, which moved the
      // state on since this worker cached it.
      this.registry.forget(device.id)
      this.refreshed.set(request.socket, device.id)
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

/** The request target as a URL, or null when it is not one (`GET //[::1 HTTP/1.1`). */
function parseUrl(target: string | undefined): URL | null {
  if (!target || !target.startsWith('/')) return null
  try {
    // Only the path and the query matter: a target starting with "//" is still a path.
    return new URL(
      `http://tracker.local${target.startsWith('//') ? target.replace(/^\/+/, '/') : target}`
    )
  } catch {
    return null
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
    request.on('aborted', () => reject(new ClientFault('request aborted')))
    request.on('error', (error) => reject(new ClientFault(error.message)))
  })
}
