/**
 * What a record's file may be (spec §8: an upload that fails says so). Photos are images;
 * documents (paperwork, policies, invoices) are PDFs or scans. Both sides read these lists:
 * the validator refuses anything else, the form's file picker offers only these.
 */
export const imageExtnames = ['jpg', 'jpeg', 'png', 'webp'] as const
export const documentExtnames = ['pdf', ...imageExtnames] as const

export const MAX_UPLOAD_SIZE = '10mb'

export const uploadContentTypes: Record<string, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
}

/** The name a stored file is shown and downloaded under: the last part of its key. */
export function uploadName(key: string) {
  return key.slice(key.lastIndexOf('/') + 1)
}
