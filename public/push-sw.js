/*
 * FleetTrack's service worker for web push: shows each pushed alarm as a notification and
 * opens the vehicle's page when it is clicked. The payload is JSON {title, body, url},
 * encrypted for this browser's subscription by the server.
 */
self.addEventListener('push', (event) => {
  let data = { title: 'FleetTrack', body: '', url: '/backend' }
  try {
    if (event.data) data = { ...data, ...event.data.json() }
  } catch {
    if (event.data) data.body = event.data.text()
  }
  event.waitUntil(
    self.registration.showNotification(data.title, {
      body: data.body,
      data: { url: data.url },
      tag: data.url,
      renotify: true,
    })
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const url = (event.notification.data && event.notification.data.url) || '/backend'
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (client.url === url && 'focus' in client) return client.focus()
      }
      return self.clients.openWindow(url)
    })
  )
})
