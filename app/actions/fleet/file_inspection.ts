import { randomUUID } from 'node:crypto'
import type { HttpContext } from '@adonisjs/core/http'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import vine, { errors as vineErrors } from '@vinejs/vine'
import { FieldLabelMessagesProvider } from '#services/field_label_messages'
import { storeUploads, removeUploads } from '#crud/files'
import { imageExtnames, MAX_UPLOAD_SIZE } from '#shared/uploads'
import { MAX_RECORD_ID } from '#shared/record_id'
import { queueRecordEvent } from '#services/integrations/record_webhooks'
import { FAILED_ITEM_PRIORITY, ODOMETER_MAX_KM, plausibleOdometer } from '#shared/inspections'

/** The largest signature image accepted (a phone canvas drawn as PNG is far smaller). */
export const MAX_SIGNATURE_BYTES = 1_000_000
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

const headerValidator = vine.create({
  device_id: vine.number().withoutDecimals().range([1, MAX_RECORD_ID]),
  driver_id: vine.number().withoutDecimals().range([1, MAX_RECORD_ID]).optional(),
  odometer_km: vine.number().withoutDecimals().range([0, ODOMETER_MAX_KM]),
  notes: vine.string().trim().maxLength(2000).optional(),
  // Checked with the items (one list of errors): present, a PNG, not too large.
  signature: vine.string().trim().optional(),
})

const photoValidator = vine.create({
  photo: vine.file({ extnames: [...imageExtnames], size: MAX_UPLOAD_SIZE }).optional(),
})

/** The checklist a vehicle is inspected against: active items of its category and of all. */
export async function checklistOf(companyId: number, deviceId: number) {
  const rows = await db
    .from('inspection_items as i')
    .where('i.company_id', companyId)
    .where('i.active', true)
    .where((query) =>
      query
        .whereNull('i.vehicle_category_id')
        .orWhereIn(
          'i.vehicle_category_id',
          db.from('devices').where('id', deviceId).whereNotNull('category_id').select('category_id')
        )
    )
    .orderBy([
      { column: 'i.position', order: 'asc' },
      { column: 'i.id', order: 'asc' },
    ])
    .select('i.id', 'i.name', 'i.vehicle_category_id')
  return rows.map((row) => ({
    id: Number(row.id),
    name: String(row.name),
    categoryId: row.vehicle_category_id === null ? null : Number(row.vehicle_category_id),
  }))
}

/** What the vehicle is known to have done: the tracker's km and the latest inspection's. */
export async function knownOdometer(companyId: number, deviceId: number) {
  const [state, last] = await Promise.all([
    db.from('device_states').where('device_id', deviceId).select('odometer').first(),
    db
      .from('inspections')
      .where('company_id', companyId)
      .where('device_id', deviceId)
      .max('odometer_km as km')
      .first(),
  ])
  const trackerKm =
    state && Number(state.odometer) > 0 ? Math.floor(Number(state.odometer) / 1000) : null
  const lastInspectionKm = last?.km === null || last?.km === undefined ? null : Number(last.km)
  return { trackerKm, lastInspectionKm }
}

function refuse(field: string, message: string): never {
  throw new vineErrors.E_VALIDATION_ERROR([{ field, message, rule: 'inspection' }])
}

/**
 * Files an inspection from the phone form: each checklist item of the vehicle passed or
 * failed (`result_<item>` = pass | fail), a failed one with its note (`note_<item>`, required)
 * and photo (`photo_<item>`, optional); the odometer within what the vehicle plausibly shows;
 * the driver's signature drawn on the canvas (a PNG data URL), stored as an image. Every
 * failed item opens an issue on the vehicle. Answers the inspection's id and failed count.
 */
export async function fileInspection(ctx: HttpContext) {
  const companyId = ctx.company!.id
  const messagesProvider = new FieldLabelMessagesProvider(ctx.i18n, 'inspections')
  const input = ctx.request.all()
  const header = await headerValidator.validate(input, { messagesProvider })
  const t = (key: string, data?: Record<string, unknown>) => ctx.i18n.t(`fleet_ops.${key}`, data)

  const vehicle = await db
    .from('devices')
    .where('id', header.device_id)
    .where('company_id', companyId)
    .first()
  if (!vehicle) refuse('device_id', t('inspections.unknown_vehicle'))
  if (header.driver_id) {
    const driver = await db
      .from('drivers')
      .where('id', header.driver_id)
      .where('company_id', companyId)
      .first()
    if (!driver) refuse('driver_id', t('inspections.unknown_driver'))
  }

  const checklist = await checklistOf(companyId, header.device_id)
  if (checklist.length === 0) refuse('device_id', t('inspections.no_checklist'))
  const errors: { field: string; message: string; rule: string }[] = []
  const range = plausibleOdometer(await knownOdometer(companyId, header.device_id))
  if (header.odometer_km < range.min || header.odometer_km > range.max) {
    const message = t('inspections.odometer_implausible', range)
    errors.push({ field: 'odometer_km', message, rule: 'odometer' })
  }
  const results: {
    item: { id: number; name: string }
    passed: boolean
    note: string | null
    photo: ReturnType<HttpContext['request']['file']>
  }[] = []
  for (const item of checklist) {
    const answer = input[`result_${item.id}`]
    if (answer !== 'pass' && answer !== 'fail') {
      errors.push({
        field: `result_${item.id}`,
        message: t('inspections.answer_required', { item: item.name }),
        rule: 'required',
      })
      continue
    }
    const note = typeof input[`note_${item.id}`] === 'string' ? input[`note_${item.id}`].trim() : ''
    if (answer === 'fail' && !note) {
      errors.push({
        field: `note_${item.id}`,
        message: t('inspections.note_required', { item: item.name }),
        rule: 'required',
      })
    }
    if (note.length > 2000) {
      errors.push({
        field: `note_${item.id}`,
        message: t('inspections.note_too_long'),
        rule: 'maxLength',
      })
    }
    const photo = answer === 'fail' ? ctx.request.file(`photo_${item.id}`) : null
    if (photo) {
      try {
        await photoValidator.validate({ photo }, { messagesProvider })
      } catch (error) {
        if (!(error instanceof vineErrors.E_VALIDATION_ERROR)) throw error
        const [first] = error.messages as { message: string }[]
        errors.push({ field: `photo_${item.id}`, message: first.message, rule: 'file' })
      }
    }
    results.push({ item, passed: answer === 'pass', note: note || null, photo })
  }

  const signature = decodeSignature(header.signature ?? '')
  if (!signature)
    errors.push({
      field: 'signature',
      message: t('inspections.signature_required'),
      rule: 'required',
    })
  if (errors.length > 0) throw new vineErrors.E_VALIDATION_ERROR(errors)

  // The files first (a disk that fails answers as a field error), then one transaction.
  const photos: Record<string, unknown> = {}
  for (const result of results) if (result.photo) photos[`photo_${result.item.id}`] = result.photo
  await storeUploads(ctx, 'inspection_results', Object.keys(photos), photos)
  const signatureKey = `${companyId}/inspections/${randomUUID()}/signature.png`
  await drive.use().put(signatureKey, signature!)
  const stored = [signatureKey, ...(Object.values(photos) as string[])]
  // The issue keeps its own copy of the photo: replacing or deleting it there leaves the
  // inspection's photo as it was.
  const issuePhotos: Record<string, string> = {}
  for (const [field, key] of Object.entries(photos) as [string, string][]) {
    issuePhotos[field] =
      `${companyId}/fleet_issues/${randomUUID()}/${key.slice(key.lastIndexOf('/') + 1)}`
    await drive.use().copy(key, issuePhotos[field])
    stored.push(issuePhotos[field])
  }

  const failed = results.filter((result) => !result.passed)
  try {
    return await db.transaction(async (trx) => {
      const now = new Date()
      const [inspection] = await trx
        .table('inspections')
        .insert({
          company_id: companyId,
          device_id: header.device_id,
          driver_id: header.driver_id ?? null,
          inspector_id: ctx.auth.user!.id,
          inspected_at: now,
          odometer_km: header.odometer_km,
          result: failed.length > 0 ? 'failed' : 'passed',
          failed_count: failed.length,
          notes: header.notes ?? null,
          signature_path: signatureKey,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
      const inspectionId = Number(inspection.id)
      for (const result of results) {
        const photoKey = (photos[`photo_${result.item.id}`] as string | undefined) ?? null
        const [row] = await trx
          .table('inspection_results')
          .insert({
            company_id: companyId,
            inspection_id: inspectionId,
            inspection_item_id: result.item.id,
            item_name: result.item.name,
            passed: result.passed,
            note: result.note,
            photo_path: photoKey,
          })
          .returning('id')
        if (result.passed) continue
        // A failed item opens an issue on the vehicle, with the item's note and photo.
        await trx.table('fleet_issues').insert({
          company_id: companyId,
          device_id: header.device_id,
          inspection_id: inspectionId,
          inspection_result_id: Number(row.id),
          reported_by: ctx.auth.user!.id,
          title: result.item.name,
          description: result.note,
          photo_path: issuePhotos[`photo_${result.item.id}`] ?? null,
          priority: FAILED_ITEM_PRIORITY,
          status: 'open',
          created_at: now,
          updated_at: now,
        })
      }
      if (failed.length > 0) {
        const record = await trx.from('inspections').where('id', inspectionId).first()
        await queueRecordEvent(
          {
            companyId,
            type: 'inspection.failed',
            resource: 'inspections',
            record: {
              ...record,
              failed_items: failed.map((result) => ({
                item: result.item.name,
                note: result.note,
              })),
            },
          },
          trx
        )
      }
      return { id: inspectionId, failed: failed.length }
    })
  } catch (error) {
    await removeUploads(stored)
    throw error
  }
}

/** The PNG bytes of a `data:image/png;base64,` signature, or null when it is not one. */
export function decodeSignature(value: string): Buffer | null {
  if (value.length > Math.ceil((MAX_SIGNATURE_BYTES * 4) / 3) + 30) return null
  const match = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(value)
  if (!match) return null
  const bytes = Buffer.from(match[1], 'base64')
  if (bytes.length < 67 || bytes.length > MAX_SIGNATURE_BYTES) return null
  return bytes.subarray(0, 8).equals(PNG_MAGIC) ? bytes : null
}
