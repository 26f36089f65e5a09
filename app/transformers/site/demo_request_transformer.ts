import { BaseTransformer } from '@adonisjs/core/transformers'
import type DemoRequest from '#models/demo_request'

/** A demo request sent from the public site, as the back office lists it (`Data.Site.DemoRequest`). */
export default class DemoRequestTransformer extends BaseTransformer<DemoRequest> {
  toObject() {
    const request = this.resource
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
}

export type DemoRequestRow = ReturnType<DemoRequestTransformer['toObject']>

export function demoRequestForList(request: DemoRequest): DemoRequestRow {
  return new DemoRequestTransformer(request).toObject()
}
