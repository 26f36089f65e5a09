/** Web push in the browser: the service worker, the permission prompt and the subscription. */

export type PushState = 'unsupported' | 'denied' | 'subscribed' | 'unsubscribed'

export function pushSupported() {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  )
}

function applicationServerKey(base64url: string) {
  const padded = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=')
  const raw = atob(padded)
  return Uint8Array.from(raw, (char) => char.charCodeAt(0))
}

async function registration() {
  return navigator.serviceWorker.register('/push-sw.js', { scope: '/' })
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null
  const existing = await navigator.serviceWorker.getRegistration('/')
  return (await existing?.pushManager.getSubscription()) ?? null
}

/** Asks the browser's permission (call it from a click) and subscribes with the VAPID key. */
export async function subscribe(vapidPublicKey: string): Promise<PushSubscription> {
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') throw new Error('denied')
  const worker = await registration()
  await navigator.serviceWorker.ready
  return worker.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: applicationServerKey(vapidPublicKey),
  })
}
