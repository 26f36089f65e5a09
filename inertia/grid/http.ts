import { http } from '@inertiajs/react'

/**
 * JSON calls outside page visits (one record for a form, a saved preference) go through
 * Inertia's own HTTP client, so they carry the same XSRF token and session as every visit.
 */
export async function getJson<T>(url: string): Promise<T> {
  const response = await http.getClient().request({
    method: 'get',
    url,
    headers: { accept: 'application/json' },
  })
  return JSON.parse(response.data) as T
}

export async function putJson(url: string, data: Record<string, unknown>): Promise<void> {
  await http.getClient().request({
    method: 'put',
    url,
    data,
    headers: { accept: 'application/json' },
  })
}
