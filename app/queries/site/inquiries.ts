import ContactMessage from '#models/contact_message'
import DemoRequest from '#models/demo_request'

/** What the public sent through the site's forms, newest first (platform staff). */
export function latestInquiries(limit = 200) {
  return Promise.all([
    ContactMessage.query().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit),
    DemoRequest.query().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit),
  ])
}
