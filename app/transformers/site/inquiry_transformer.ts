import type ContactMessage from '#models/contact_message'
import type DemoRequest from '#models/demo_request'

export type ContactMessageRow = {
  id: number
  fullName: string | null
  email: string
  phone: string | null
  message: string | null
  locale: string
  ip: string | null
  createdAt: string
}

export type DemoRequestRow = {
  id: number
  nameOrCompany: string
  email: string
  phone: string | null
  vehicleCount: number | null
  subject: string
  message: string | null
  locale: string
  ip: string | null
  createdAt: string
}

export function contactMessageForList(message: ContactMessage): ContactMessageRow {
  return {
    id: message.id,
    fullName: message.fullName,
    email: message.email,
    phone: message.phone,
    message: message.message,
    locale: message.locale,
    ip: message.ip,
    createdAt: message.createdAt.toISO()!,
  }
}

export function demoRequestForList(request: DemoRequest): DemoRequestRow {
  return {
    id: request.id,
    nameOrCompany: request.nameOrCompany,
    email: request.email,
    phone: request.phone,
    vehicleCount: request.vehicleCount,
    subject: request.subject,
    message: request.message,
    locale: request.locale,
    ip: request.ip,
    createdAt: request.createdAt.toISO()!,
  }
}
