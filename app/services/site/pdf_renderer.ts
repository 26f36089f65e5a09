import app from '@adonisjs/core/services/app'
import siteConfig from '#config/site'
import type { Browser } from 'puppeteer-core'

/** Flags for Debian's Chromium in containers and CI; no network or background services. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export function chromiumPath(): string {
  return siteConfig.chromiumPath
}

let browser: Promise<Browser> | null = null

/** One headless Chromium per process, started on the first PDF and closed on shutdown. */
function sharedBrowser(): Promise<Browser> {
  if (!browser) {
    browser = import('puppeteer-core').then(async ({ default: puppeteer }) => {
      const instance = await puppeteer.launch({
        executablePath: chromiumPath(),
        headless: true,
        args: CHROMIUM_FLAGS,
      })
      instance.on('disconnected', () => (browser = null))
      return instance
    })
    browser.catch(() => (browser = null))
  }
  return browser
}

app.terminating(async () => {
  if (!browser) return
  const instance = await browser.catch(() => null)
  browser = null
  await instance?.close().catch(() => {})
})

/**
 * Prints self-contained HTML (inline styles, no external resources) to an A4 PDF (portrait
 * unless asked). The page
 * runs without JavaScript and every network request is refused, so content typed by
 * visitors can neither run nor fetch anything.
 */
export interface PdfOptions {
  landscape?: boolean
  /**
   * A tagged (accessible) PDF structures every table cell: a 2,000-row report weighed 9 MB
   * tagged and 300 kB untagged. Long tables print untagged.
   */
  tagged?: boolean
}

export async function renderPdf(html: string, options: PdfOptions = {}): Promise<Buffer> {
  const instance = await sharedBrowser()
  const context = await instance.createBrowserContext()
  try {
    const page = await context.newPage()
    await page.setJavaScriptEnabled(false)
    await page.setRequestInterception(true)
    page.on('request', (request) => {
      const url = request.url()
      if (url.startsWith('data:') || url === 'about:blank') request.continue()
      else request.abort()
    })
    await page.setContent(html, { waitUntil: 'load', timeout: 15_000 })
    const pdf = await page.pdf({
      format: 'A4',
      landscape: options.landscape ?? false,
      tagged: options.tagged ?? true,
      outline: false,
      printBackground: true,
      margin: { top: '14mm', bottom: '16mm', left: '14mm', right: '14mm' },
      displayHeaderFooter: false,
    })
    return Buffer.from(pdf)
  } finally {
    await context.close().catch(() => {})
  }
}
