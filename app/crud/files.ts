import { randomUUID } from 'node:crypto'
import type { HttpContext } from '@adonisjs/core/http'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import drive from '@adonisjs/drive/services/main'
import logger from '@adonisjs/core/services/logger'
import { errors as vineErrors } from '@vinejs/vine'
import { uploadContentTypes, uploadName } from '#shared/uploads'

/** A name safe in a storage key and a download header: letters, digits, dot, dash, underscore. */
function safeName(file: MultipartFile) {
  const base = (file.clientName || 'file')
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 80)
  return `${base || 'file'}.${(file.extname ?? 'bin').toLowerCase()}`
}

/**
 * Moves the validated uploads of a write onto the drive disk, under the company's own
 * prefix, and puts each file's key in its field. A disk that fails answers as a field error
 * with the spec's upload failure message (the disk's own error is only logged).
 */
export async function storeUploads(
  ctx: HttpContext,
  table: string,
  fileFields: string[],
  data: Record<string, unknown>
) {
  for (const name of fileFields) {
    const file = data[name] as MultipartFile | undefined
    if (!file || typeof file !== 'object') continue
    const key = `${ctx.company!.id}/${table}/${randomUUID()}/${safeName(file)}`
    try {
      await file.moveToDisk(key)
    } catch (error) {
      ctx.logger.error({ err: error, key }, 'upload failed')
    }
    if (file.state !== 'moved') {
      throw new vineErrors.E_VALIDATION_ERROR([
        { field: name, rule: 'upload', message: ctx.i18n.t('messages.record.upload_failed') },
      ])
    }
    data[name] = key
  }
}

/**
 * Sends a stored file of a record the caller has already found in their company. Only
 * the extensions a resource accepts are ever stored, so the content type comes from them.
 */
export async function sendUpload(ctx: HttpContext, key: string) {
  const disk = drive.use()
  if (!(await disk.exists(key))) return false
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase()
  const name = uploadName(key)
  ctx.response.header('Content-Type', uploadContentTypes[extension] ?? 'application/octet-stream')
  ctx.response.header('Content-Disposition', `inline; filename="${name}"`)
  ctx.response.header('X-Content-Type-Options', 'nosniff')
  ctx.response.header('Cache-Control', 'private, no-store')
  ctx.response.stream(await disk.getStream(key))
  return true
}

/**
 * Removes files of a record that was deleted or whose file was replaced. A file that cannot
 * be removed is only logged: the record's write has already succeeded.
 */
export async function removeUploads(keys: string[]) {
  for (const key of keys) {
    try {
      await drive.use().delete(key)
    } catch (error) {
      logger.warn({ err: error, key }, 'stored file could not be removed')
    }
  }
}
