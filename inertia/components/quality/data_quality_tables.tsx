import type { ReactNode } from 'react'
import { useI18n } from '~/lib/i18n'
import { useFormat } from '~/lib/format'
import type { DataQuality, RejectedRow, VehicleQuality } from '#shared/data_quality'

export type { DataQuality, VehicleQuality }

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mb-6">
      <h2 className="mb-2 text-base font-semibold text-slate-900">{title}</h2>
      <div className="overflow-x-auto">{children}</div>
    </section>
  )
}

function Table({ head, rows }: { head: ReactNode[]; rows: ReactNode[][] }) {
  return (
    <table className="w-full text-sm">
      <thead>
        <tr className="text-left text-slate-600">
          {head.map((cell, index) => (
            <th key={index} className="py-2 pr-4 font-medium">
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index} className="border-t border-slate-100 align-top">
            {row.map((cell, column) => (
              <td key={column} className="py-2 pr-4">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/**
 * The data quality lists (issue 25, point 4): per vehicle, gaps, rejected readings, odometer
 * resets and flapping sensors, with the raw values. `perVehicle` false leaves out the per
 * vehicle table and the vehicle column (the vehicle page's card).
 */
export function DataQualityTables({
  quality,
  perVehicle = true,
}: {
  quality: DataQuality
  perVehicle?: boolean
}) {
  const { t, has } = useI18n()
  /** A flapping state: the battery state, or an on/off code with its name. */
  const stateName = (code: string) =>
    code === 'battery'
      ? t('live.data_quality.states.battery')
      : has(`live.alarms.codes.${code}`)
        ? `${code} – ${t(`live.alarms.codes.${code}`)}`
        : code
  const format = useFormat()
  const col = (name: string) => t(`live.data_quality.columns.${name}`)
  const flag = (name: string) =>
    has(`live.data_quality.flags.${name}`) ? t(`live.data_quality.flags.${name}`) : name
  const km = (value: number | null, digits = 1) =>
    value === null ? '—' : format.number(value, digits)
  const vehicleCol = perVehicle ? [col('vehicle')] : []
  const vehicleCell = (name: string) => (perVehicle ? [name] : [])

  const empty =
    quality.gaps.length === 0 &&
    quality.rejected.length === 0 &&
    quality.resets.length === 0 &&
    quality.flapping.length === 0

  const readingRows = (rows: RejectedRow[]) =>
    rows.map((row) => [
      ...vehicleCell(row.vehicle),
      format.dateTime(row.time, true),
      row.flags.map(flag).join(', '),
      km(row.previousRawOdometerKm),
      km(row.rawOdometerKm),
      km(row.jumpKm, 3),
      row.impliedSpeedKmh === null ? '—' : format.number(row.impliedSpeedKmh, 0),
      row.satellites === null ? '—' : format.number(row.satellites),
    ])
  const readingHead = [
    ...vehicleCol,
    col('time'),
    col('flags'),
    col('previousRawOdometer'),
    col('rawOdometer'),
    col('jump'),
    col('impliedSpeed'),
    col('satellites'),
  ]

  return (
    <div>
      {perVehicle ? (
        <Section title={t('live.data_quality.sections.vehicles')}>
          <Table
            head={[
              col('vehicle'),
              col('positions'),
              col('gaps'),
              col('longestGap'),
              col('rejected'),
              col('resets'),
              col('flapping'),
            ]}
            rows={quality.vehicles.map((row) => [
              row.plate ? `${row.vehicle} (${row.plate})` : row.vehicle,
              format.number(row.positions),
              format.number(row.gaps),
              row.longestGapSeconds > 0 ? format.duration(row.longestGapSeconds) : '—',
              format.number(row.rejected),
              format.number(row.resets),
              format.number(row.flapping),
            ])}
          />
        </Section>
      ) : null}
      {empty ? (
        <p className="mb-4 text-sm text-slate-600">{t('live.data_quality.nothing')}</p>
      ) : null}
      {quality.gaps.length > 0 ? (
        <Section title={t('live.data_quality.sections.gaps')}>
          <Table
            head={[...vehicleCol, col('from'), col('to'), col('duration'), col('ignitionOn')]}
            rows={quality.gaps.map((row) => [
              ...vehicleCell(row.vehicle),
              format.dateTime(row.from),
              format.dateTime(row.to),
              format.duration(row.seconds),
              row.ignitionOn ? t('live.data_quality.yes') : t('live.data_quality.no'),
            ])}
          />
        </Section>
      ) : null}
      {quality.rejected.length > 0 ? (
        <Section title={t('live.data_quality.sections.rejected')}>
          <Table head={readingHead} rows={readingRows(quality.rejected)} />
        </Section>
      ) : null}
      {quality.resets.length > 0 ? (
        <Section title={t('live.data_quality.sections.resets')}>
          <Table head={readingHead} rows={readingRows(quality.resets)} />
        </Section>
      ) : null}
      {quality.flapping.length > 0 ? (
        <Section title={t('live.data_quality.sections.flapping')}>
          <Table
            head={[...vehicleCol, col('code'), col('changes'), col('perDay')]}
            rows={quality.flapping.map((row) => [
              ...vehicleCell(row.vehicle),
              stateName(row.code),
              format.number(row.changes),
              format.number(row.perDay, 1),
            ])}
          />
        </Section>
      ) : null}
    </div>
  )
}
