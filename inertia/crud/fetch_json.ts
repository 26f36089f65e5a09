/** A request failed with an answer from the server (not a network failure). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown
  ) {
    super(`HTTP ${status}`)
  }
}

/**
 * GETs JSON; a failed network fetch is retried, at most 3 attempts in total
 * (spec §7). Answers from the server, errors included, are not retried.
 */
export async function fetchJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  let lastError: unknown
  for (let attempt = 1; attempt <= 3; attempt++) {
    let response: Response
    try {
      response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal,
        credentials: 'same-origin',
      })
    } catch (error) {
      if (signal?.aborted) throw error
      lastError = error
      await new Promise((resolve) => setTimeout(resolve, 300 * attempt))
      continue
    }
    const body = await response.json().catch(() => null)
    if (!response.ok) throw new HttpError(response.status, body)
    return body as T
  }
  throw lastError
}
