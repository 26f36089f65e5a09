import { Download } from 'lucide-react'
import { useState } from 'react'
import { Button } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n'

/**
 * Downloads the current query as CSV or XLSX. The file streams in; for large
 * exports the progress shows rows (CSV) or bytes received against the total the
 * server announces in X-Total-Rows.
 */
export function ExportButtons({ url }: { url: (format: 'csv' | 'xlsx') => string }) {
  const { t } = useI18n()
  const [progress, setProgress] = useState<string | null>(null)

  async function download(format: 'csv' | 'xlsx') {
    setProgress(t('crud.table.export_starting'))
    try {
      const response = await fetch(url(format), { credentials: 'same-origin' })
      if (response.status === 422) {
        // A refused export (e.g. too many rows) says why, in the page's language.
        const body = (await response.json().catch(() => null)) as {
          errors?: { message: string }[]
        } | null
        setProgress(body?.errors?.[0]?.message ?? t('crud.table.export_failed'))
        return
      }
      if (!response.ok || !response.body) throw new Error(String(response.status))
      const total = Number(response.headers.get('x-total-rows')) || 0
      const reader = response.body.getReader()
      const chunks: Uint8Array[] = []
      let rows = 0
      let bytes = 0
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        chunks.push(value)
        bytes += value.length
        if (format === 'csv') {
          for (const byte of value) if (byte === 10) rows++
          setProgress(t('crud.table.export_rows', { rows: Math.max(0, rows - 1), total }))
        } else {
          setProgress(t('crud.table.export_bytes', { kb: Math.round(bytes / 1024) }))
        }
      }
      const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1]
      const blob = new Blob(chunks as BlobPart[], {
        type: response.headers.get('content-type') ?? '',
      })
      const link = document.createElement('a')
      link.href = URL.createObjectURL(blob)
      link.download = name ?? `export.${format}`
      link.click()
      URL.revokeObjectURL(link.href)
      setProgress(null)
    } catch {
      setProgress(t('crud.table.export_failed'))
    }
  }

  return (
    <div className="flex items-center gap-2">
      <Button variant="outline" size="sm" onClick={() => download('csv')} data-testid="export-csv">
        <Download className="size-4" aria-hidden="true" /> CSV
      </Button>
      <Button
        variant="outline"
        size="sm"
        onClick={() => download('xlsx')}
        data-testid="export-xlsx"
      >
        <Download className="size-4" aria-hidden="true" /> XLSX
      </Button>
      {progress && (
        <span role="status" className="text-xs text-slate-600">
          {progress}
        </span>
      )}
    </div>
  )
}
