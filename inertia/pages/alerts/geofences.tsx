import { Head, useForm } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { Plus } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { PageHeader, useRouteTitle } from '~/components/page_header'
import { Button } from '~/components/ui/button'
import { ConfirmDialog } from '~/components/ui/dialog'
import {
  bindCheckbox,
  bindField,
  CheckboxField,
  InputField,
  TextAreaField,
  bindRadio,
  bindValue,
} from '~/components/form/fields'
import { ChoiceList, errorOf } from '~/components/alerts/choice_list'
import { GeofenceEditor } from '~/components/geofences/geofence_editor'
import type { GeofenceShape, LatLon, PageZone } from '~/components/geofences/types'
import type { MapSettings } from '~/components/map/types'
import { useI18n } from '~/lib/i18n'

type Props = {
  zones: PageZone[]
  devices: Data.Fleet.VehicleChoice[]
  groups: Data.Fleet.DeviceGroup[]
  map: MapSettings
  canEdit: boolean
  basePath: string
}

type FormData = {
  name: string
  color: string
  description: string
  shape: GeofenceShape | null
  assign_to: 'all' | 'devices' | 'groups'
  device_ids: number[]
  group_ids: number[]
  active: boolean
}

const blank: FormData = {
  name: '',
  color: '#2563eb',
  description: '',
  shape: null,
  assign_to: 'all',
  device_ids: [],
  group_ids: [],
  active: true,
}

function formOf(zone: PageZone): FormData {
  return {
    name: zone.name,
    color: zone.color,
    description: zone.description,
    shape: zone.shape,
    assign_to: zone.assignTo,
    device_ids: zone.deviceIds,
    group_ids: zone.groupIds,
    active: zone.active,
  }
}

/** Polygon points as "lat, lon" lines, for typing them instead of drawing. */
function pointsText(points: LatLon[]) {
  return points.map(([lat, lon]) => `${lat}, ${lon}`).join('\n')
}

function parsePoints(text: string): LatLon[] {
  return text
    .split('\n')
    .map((line) => line.split(',').map((part) => Number(part.trim())))
    .filter((pair) => pair.length === 2 && pair.every((value) => Number.isFinite(value)))
    .map(([lat, lon]) => [lat, lon] as LatLon)
}

/** Circle or polygon by its numbers: the keyboard's way to draw (and to correct a drawing). */
function CoordinatesEditor({
  shape,
  onChange,
  disabled,
}: {
  shape: GeofenceShape | null
  onChange: (shape: GeofenceShape | null) => void
  disabled: boolean
}) {
  const { t } = useI18n()
  const type = shape?.type ?? 'circle'
  const [pointDraft, setPointDraft] = useState<string | null>(null)
  const circle = shape?.type === 'circle' ? shape : null
  const setCircle = (patch: Partial<{ lat: number; lon: number; radius: number }>) => {
    const lat = patch.lat ?? circle?.center[0] ?? 41.0151
    const lon = patch.lon ?? circle?.center[1] ?? 28.9795
    const radius = patch.radius ?? circle?.radius ?? 200
    onChange({ type: 'circle', center: [lat, lon], radius })
  }
  return (
    <details className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
      <summary className="cursor-pointer font-medium text-slate-700">
        {t('alerts.geofences.coordinates')}
      </summary>
      <div className="mt-3 space-y-3">
        <fieldset className="flex gap-4">
          <legend className="sr-only">{t('alerts.fields.shape')}</legend>
          {(['circle', 'polygon'] as const).map((value) => (
            <label key={value} className="flex items-center gap-2">
              <input
                type="radio"
                name="shape_type"
                value={value}
                checked={type === value}
                disabled={disabled}
                onChange={() =>
                  value === 'circle'
                    ? setCircle({})
                    : onChange({
                        type: 'polygon',
                        points: shape?.type === 'polygon' ? shape.points : [],
                      })
                }
              />
              {t(`alerts.geofences.type_${value}`)}
            </label>
          ))}
        </fieldset>
        {type === 'circle' ? (
          <div className="grid grid-cols-3 gap-2">
            <InputField
              label={t('alerts.geofences.latitude')}
              name="center_lat"
              type="number"
              step="any"
              disabled={disabled}
              value={circle?.center[0] ?? ''}
              onChange={(event) => setCircle({ lat: Number(event.target.value) })}
            />
            <InputField
              label={t('alerts.geofences.longitude')}
              name="center_lon"
              type="number"
              step="any"
              disabled={disabled}
              value={circle?.center[1] ?? ''}
              onChange={(event) => setCircle({ lon: Number(event.target.value) })}
            />
            <InputField
              label={t('alerts.geofences.radius')}
              name="radius"
              type="number"
              min={10}
              disabled={disabled}
              value={circle?.radius ?? ''}
              onChange={(event) => setCircle({ radius: Number(event.target.value) })}
            />
          </div>
        ) : (
          <TextAreaField
            label={t('alerts.geofences.points')}
            hint={t('alerts.geofences.points_hint')}
            name="points"
            disabled={disabled}
            value={pointDraft ?? (shape?.type === 'polygon' ? pointsText(shape.points) : '')}
            onChange={(event) => setPointDraft(event.target.value)}
            onBlur={() => {
              if (pointDraft === null) return
              onChange({ type: 'polygon', points: parsePoints(pointDraft) })
              setPointDraft(null)
            }}
          />
        )}
      </div>
    </details>
  )
}

export default function Geofences({ zones, devices, groups, map, canEdit, basePath }: Props) {
  const { t, locale } = useI18n()
  const title = useRouteTitle()
  const [editingId, setEditingId] = useState<number | null>(null)
  const [confirming, setConfirming] = useState(false)
  const form = useForm<FormData>(blank)
  const errors = form.errors as Record<string, string | undefined>
  const editing = zones.find((zone) => zone.id === editingId) ?? null

  function select(id: number | null) {
    setEditingId(id)
    const zone = zones.find((candidate) => candidate.id === id)
    form.clearErrors()
    form.setData(zone ? formOf(zone) : blank)
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const options = { preserveScroll: true, onSuccess: () => editingId === null && form.reset() }
    if (editingId === null) form.post(basePath, options)
    else form.put(`${basePath}/${editingId}`, options)
  }

  function remove() {
    if (editingId === null) return
    form.delete(`${basePath}/${editingId}`, {
      preserveScroll: true,
      onSuccess: () => {
        setConfirming(false)
        select(null)
      },
    })
  }

  const shape = form.data.shape
  const color = bindField(form, 'color')
  const shapeSummary = !shape
    ? t('alerts.geofences.not_drawn')
    : shape.type === 'circle'
      ? t('alerts.geofences.drawn_circle', { radius: shape.radius })
      : t('alerts.geofences.drawn_polygon', { count: shape.points.length })

  return (
    <>
      <Head title={title} />
      <PageHeader description={t('alerts.geofences.intro')} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <div className="space-y-4">
          <section
            aria-labelledby="zones-heading"
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <div className="mb-2 flex items-center justify-between">
              <h2 id="zones-heading" className="font-semibold text-slate-900">
                {t('alerts.geofences.list')}
              </h2>
              {canEdit && (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => select(null)}
                  data-testid="new-geofence"
                >
                  <Plus className="size-4" aria-hidden="true" />
                  {t('alerts.common.new')}
                </Button>
              )}
            </div>
            {zones.length === 0 ? (
              <p className="text-sm text-slate-500">{t('alerts.geofences.empty')}</p>
            ) : (
              <ul className="max-h-64 space-y-1 overflow-y-auto" data-testid="geofence-list">
                {zones.map((zone) => (
                  <li key={zone.id}>
                    <button
                      type="button"
                      onClick={() => select(zone.id)}
                      aria-current={zone.id === editingId ? 'true' : undefined}
                      className="flex w-full items-center gap-2 rounded-lg px-2 py-1.5 text-left text-sm hover:bg-slate-100 aria-[current]:bg-brand-50 aria-[current]:font-semibold"
                    >
                      <span
                        className="size-3 shrink-0 rounded-full"
                        style={{ backgroundColor: zone.color }}
                        aria-hidden="true"
                      />
                      <span className="truncate">{zone.name}</span>
                      {!zone.active && (
                        <span className="ml-auto text-xs text-slate-500">
                          {t('alerts.geofences.inactive')}
                        </span>
                      )}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section
            aria-labelledby="zone-form-heading"
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <h2 id="zone-form-heading" className="mb-3 font-semibold text-slate-900">
              {editing
                ? t('alerts.geofences.edit', { name: editing.name })
                : t('alerts.geofences.new')}
            </h2>
            {!canEdit && (
              <p className="mb-3 text-sm text-slate-600">{t('alerts.common.read_only')}</p>
            )}
            <form onSubmit={submit} className="space-y-3" noValidate data-testid="geofence-form">
              <fieldset disabled={!canEdit} className="space-y-3">
                <InputField
                  label={t('alerts.fields.name')}
                  required
                  requiredMark
                  {...bindField(form, 'name')}
                />
                <div className="space-y-1">
                  <label htmlFor="field-color" className="block text-sm font-medium text-slate-700">
                    {t('alerts.fields.color')}
                  </label>
                  <input
                    id="field-color"
                    name="color"
                    type="color"
                    value={color.value}
                    onChange={color.onChange}
                    aria-invalid={errors.color ? true : undefined}
                    aria-describedby={errors.color ? 'field-color-error' : undefined}
                    className="h-10 w-20 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
                  />
                  {errors.color && (
                    <p
                      id="field-color-error"
                      role="alert"
                      className="text-sm text-red-600"
                      data-field-error="color"
                    >
                      {errors.color}
                    </p>
                  )}
                </div>
                <TextAreaField
                  label={t('alerts.fields.description')}
                  rows={2}
                  {...bindField(form, 'description')}
                />
                <div className="space-y-1">
                  <p className="text-sm font-medium text-slate-700">{t('alerts.fields.shape')}</p>
                  <p
                    className="text-sm text-slate-600"
                    aria-live="polite"
                    data-testid="shape-summary"
                  >
                    {shapeSummary}
                  </p>
                  {errorOf(errors, 'shape') && (
                    <p role="alert" className="text-sm text-red-600" data-field-error="shape">
                      {errorOf(errors, 'shape')}
                    </p>
                  )}
                </div>
                <CoordinatesEditor
                  shape={shape}
                  disabled={!canEdit}
                  onChange={bindValue(form, 'shape').onChange}
                />
                <fieldset className="space-y-1">
                  <legend className="text-sm font-medium text-slate-700">
                    {t('alerts.fields.assign_to')}
                  </legend>
                  {(['all', 'devices', 'groups'] as const).map((value) => (
                    <label key={value} className="flex items-center gap-2 text-sm">
                      <input {...bindRadio(form, 'assign_to', value)} />
                      {t(`alerts.geofences.assign_${value}`)}
                    </label>
                  ))}
                </fieldset>
                {form.data.assign_to === 'devices' && (
                  <ChoiceList
                    legend={t('alerts.fields.device_ids')}
                    name="device_ids"
                    options={devices.map((device) => ({ value: device.id, label: device.name }))}
                    {...bindValue(form, 'device_ids')}
                  />
                )}
                {form.data.assign_to === 'groups' && (
                  <ChoiceList
                    legend={t('alerts.fields.group_ids')}
                    name="group_ids"
                    options={groups.map((group) => ({ value: group.id, label: group.name }))}
                    {...bindValue(form, 'group_ids')}
                  />
                )}
                <CheckboxField
                  label={t('alerts.fields.active')}
                  {...bindCheckbox(form, 'active')}
                />
              </fieldset>
              {canEdit && (
                <div className="flex flex-wrap gap-2">
                  <Button type="submit" disabled={form.processing} data-testid="save-geofence">
                    {t('alerts.common.save')}
                  </Button>
                  {editing && (
                    <Button type="button" variant="danger" onClick={() => setConfirming(true)}>
                      {t('alerts.common.delete')}
                    </Button>
                  )}
                </div>
              )}
            </form>
          </section>
        </div>
        <div className="space-y-2">
          <p className="text-sm text-slate-600">{t('alerts.geofences.draw_hint')}</p>
          <div className="relative h-[36rem] overflow-hidden rounded-xl border border-slate-200 shadow-sm">
            <GeofenceEditor
              settings={map}
              zones={zones}
              editingId={editingId}
              shape={shape}
              color={form.data.color}
              canEdit={canEdit}
              locale={locale}
              onShapeChange={(next) => form.setData('shape', next)}
              onSelect={(id) => select(id)}
            />
          </div>
        </div>
      </div>
      {editing && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t('alerts.common.delete_title', { name: editing.name })}
          message={t('alerts.common.delete_message')}
          confirmLabel={t('alerts.common.delete')}
          onConfirm={remove}
          busy={form.processing}
        />
      )}
    </>
  )
}
