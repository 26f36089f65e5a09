import { DeviceClient } from './device_client.js'
import { encodeOsmAndQuery } from './osmand_device_encoder.js'

/**
 * The Traccar Client phone app (OsmAnd protocol): one HTTP POST per record; 200 is the
 * acknowledgement, 403 a refused (unregistered) device, anything else an error retried with
 * backoff.
 */
export class OsmAndClient extends DeviceClient {
  private abort = new AbortController()

  protected disconnect(): void {
    this.abort.abort()
    this.abort = new AbortController()
  }

  protected async run(): Promise<void> {
    const { host, port, ackTimeoutMs } = this.settings
    const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
    let attempt = 0
    let online = false
    while (this.running) {
      if (!this.hasRecords()) {
        await this.waitForWork()
        continue
      }
      const fix = this.pending[0]
      const sentAt = performance.now()
      this.stats.framesSent++
      try {
        const response = await fetch(`${origin}/?${encodeOsmAndQuery(this.imei, fix)}`, {
          method: 'POST',
          signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(ackTimeoutMs)]),
        })
        await response.arrayBuffer()
        if (response.status === 200) {
          this.stats.ackLatency.record(performance.now() - sentAt)
          this.stats.acksReceived++
          this.stats.recordsAcked++
          this.acknowledge([fix])
          attempt = 0
          if (!online) {
            online = true
            this.stats.online++
            this.stats.loginsAccepted++
          }
          continue
        }
        if (response.status === 403) this.stats.loginsRejected++
        else this.stats.error(new Error(`HTTP ${response.status}`))
      } catch (error) {
        if (this.running) this.stats.error(error)
      }
      if (online) {
        online = false
        this.stats.online--
      }
      if (!this.running) break
      this.stats.reconnects++
      await this.sleep(this.backoffMs(attempt++))
    }
    if (online) this.stats.online--
  }
}
