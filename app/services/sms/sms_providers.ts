/**
 * Turkish bulk-SMS providers behind one small interface, chosen by name. Each speaks its
 * provider's documented HTTP API; numbers are E.164 (+905321234567) and each provider gets
 * them in the form it expects.
 */

export interface SmsCredentials {
  username: string
  password: string
  /** The approved sender name (originator, "başlık"). */
  header: string
}

export interface SmsResult {
  ok: boolean
  /** The provider's own code (Netgsm "00"/"30", İleti Merkezi "200"/"401"), '' when unreachable. */
  code: string
  /** The provider's message id on success, else its answer or the network error. */
  detail: string
  /** Whether the provider refused the user name or password. */
  authFailed: boolean
}

export interface SmsProvider {
  readonly name: string
  send(credentials: SmsCredentials, to: string[], text: string): Promise<SmsResult>
}

/** Where each provider's API lives; tests point them at a local server standing in. */
export const smsEndpoints = {
  netgsm: 'https://api.netgsm.com.tr/sms/send/get',
  iletimerkezi: 'https://api.iletimerkezi.com/v1/send-sms/json',
}

const TIMEOUT_MS = 15_000

/** +905321234567 -> 905321234567 (both providers take the digits with the country code). */
const digits = (e164: string) => e164.replace(/^\+/, '')

function unreachable(error: unknown): SmsResult {
  const cause = (error as { cause?: { code?: string } }).cause?.code
  return {
    ok: false,
    code: '',
    detail: cause ?? String((error as Error).message ?? error),
    authFailed: false,
  }
}

/**
 * Netgsm, HTTP GET API (`/sms/send/get`): usercode, password, gsmno (comma separated),
 * message, msgheader. The answer is plain text: `00 <jobid>` when queued, else a code:
 * 20 message text, 30 credentials or no API access, 40 header, 50/51 account, 70 parameters,
 * 80 sending limit, 85 duplicate.
 */
export const netgsm: SmsProvider = {
  name: 'netgsm',
  async send(credentials, to, text) {
    const url = new URL(smsEndpoints.netgsm)
    url.search = new URLSearchParams({
      usercode: credentials.username,
      password: credentials.password,
      gsmno: to.map(digits).join(','),
      message: text,
      msgheader: credentials.header,
      dil: 'TR',
    }).toString()
    let body: string
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) })
      const answer = await response.text()
      body = answer.trim()
    } catch (error) {
      return unreachable(error)
    }
    const [code, ...rest] = body.split(/\s+/)
    const ok = code === '00' || code === '01' || code === '02'
    return { ok, code, detail: ok ? rest.join(' ') : body, authFailed: code === '30' }
  },
}

/**
 * İleti Merkezi, JSON API v1 (`/v1/send-sms/json`): request.authentication (username,
 * password), request.order (sender, message.text, message.receipents.number — the API's own
 * spelling). The answer: response.status.code "200" with response.order.id, else e.g. 401
 * wrong credentials, 402 balance, 450 header not allowed.
 */
export const iletimerkezi: SmsProvider = {
  name: 'iletimerkezi',
  async send(credentials, to, text) {
    const payload = {
      request: {
        authentication: { username: credentials.username, password: credentials.password },
        order: {
          sender: credentials.header,
          sendDateTime: [],
          message: { text, receipents: { number: to.map(digits) } },
        },
      },
    }
    let answer: {
      response?: { status?: { code?: string | number; message?: string }; order?: { id?: string } }
    }
    try {
      const response = await fetch(smsEndpoints.iletimerkezi, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept': 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
      const raw = await response.text()
      try {
        answer = JSON.parse(raw)
      } catch {
        return {
          ok: false,
          code: String(response.status),
          detail: raw.slice(0, 200),
          authFailed: false,
        }
      }
    } catch (error) {
      return unreachable(error)
    }
    const code = String(answer.response?.status?.code ?? '')
    const ok = code === '200'
    return {
      ok,
      code,
      detail: ok
        ? String(answer.response?.order?.id ?? '')
        : String(answer.response?.status?.message ?? ''),
      authFailed: code === '401',
    }
  },
}

export const smsProviders = { netgsm, iletimerkezi } as const
export const smsProviderNames = Object.keys(smsProviders) as (keyof typeof smsProviders)[]
export type SmsProviderName = keyof typeof smsProviders

export function smsProvider(name: string): SmsProvider | null {
  return (smsProviders as Record<string, SmsProvider>)[name] ?? null
}
