import { router, useForm } from '@inertiajs/react'
import { useState, type FormEvent } from 'react'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'
import { InputField, bindField } from '~/components/form/fields'
import { FormSection } from '~/components/form/section'
import { SettingsPage } from '~/components/settings/settings_page'
import { Button } from '~/components/ui/button'
import { ConfirmDialog } from '~/components/ui/dialog'
import { PointPicker } from '~/components/settings/point_picker'
import type { MapSettings } from '~/components/map/types'
import type { Data } from '~generated/data'

type Building = Data.Settings.Building

const empty = { name: '', latitude: '', longitude: '' }

export default function Buildings({ buildings, map }: { buildings: Building[]; map: MapSettings }) {
  const { t } = useI18n()
  const path = useRoute()
  const [editing, setEditing] = useState<Building | null>(null)
  const [deleting, setDeleting] = useState<Building | null>(null)
  const form = useForm<{ name: string; latitude: string; longitude: string }>(empty)
  const base = path('settings.buildings').replace(/\/$/, '')

  const latitude = Number.parseFloat(form.data.latitude)
  const longitude = Number.parseFloat(form.data.longitude)
  const picked =
    Number.isFinite(latitude) && Number.isFinite(longitude) ? { latitude, longitude } : null

  function edit(building: Building | null) {
    setEditing(building)
    form.clearErrors()
    form.setData(
      building
        ? {
            name: building.name,
            latitude: building.latitude.toFixed(6),
            longitude: building.longitude.toFixed(6),
          }
        : empty
    )
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const options = { preserveScroll: true, onSuccess: () => edit(null) }
    if (editing) form.put(`${base}/${editing.id}`, options)
    else form.post(base, options)
  }

  function remove() {
    if (!deleting) return
    router.delete(`${base}/${deleting.id}`, {
      preserveScroll: true,
      onFinish: () => setDeleting(null),
      onSuccess: () => editing?.id === deleting.id && edit(null),
    })
  }

  return (
    <SettingsPage
      title={t('common.routes.settings.buildings')}
      intro={t('settings.buildings.intro')}
      width="full"
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_1fr]">
        <div className="space-y-6">
          <FormSection
            title={editing ? t('settings.buildings.edit_title') : t('settings.buildings.new_title')}
          >
            <form onSubmit={submit} noValidate className="space-y-4" data-testid="building-form">
              <InputField
                label={t('settings.buildings.fields.name')}
                {...bindField(form, 'name')}
                required
              />
              <div className="grid grid-cols-2 gap-3">
                <InputField
                  label={t('settings.buildings.fields.latitude')}
                  inputMode="decimal"
                  {...bindField(form, 'latitude')}
                  required
                />
                <InputField
                  label={t('settings.buildings.fields.longitude')}
                  inputMode="decimal"
                  {...bindField(form, 'longitude')}
                  required
                />
              </div>
              <p className="text-xs text-slate-500">{t('settings.buildings.pick_hint')}</p>
              <div className="flex gap-2">
                <Button type="submit" disabled={form.processing}>
                  {t('settings.save')}
                </Button>
                {editing ? (
                  <Button type="button" variant="outline" onClick={() => edit(null)}>
                    {t('settings.cancel')}
                  </Button>
                ) : null}
              </div>
            </form>
          </FormSection>
          <section aria-labelledby="buildings-list">
            <h2 id="buildings-list" className="mb-2 text-lg font-semibold text-slate-900">
              {t('settings.buildings.list_title')}
            </h2>
            {buildings.length === 0 ? (
              <p className="text-sm text-slate-600">{t('settings.buildings.empty')}</p>
            ) : (
              <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
                {buildings.map((building) => (
                  <li key={building.id} className="flex items-center gap-2 px-3 py-2 text-sm">
                    <span className="flex-1">
                      <span className="font-medium text-slate-900">{building.name}</span>
                      <span className="block text-xs text-slate-500">
                        {building.latitude.toFixed(6)}, {building.longitude.toFixed(6)}
                      </span>
                    </span>
                    <Button size="sm" variant="outline" onClick={() => edit(building)}>
                      {t('settings.edit')}
                      <span className="sr-only"> {building.name}</span>
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => setDeleting(building)}>
                      {t('settings.delete')}
                      <span className="sr-only"> {building.name}</span>
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
        <div className="h-[32rem] overflow-hidden rounded-xl border border-slate-200">
          <PointPicker
            settings={map}
            points={buildings}
            picked={picked}
            label={t('settings.buildings.map_label')}
            onPick={(lat, lon) =>
              form.setData((data) => ({
                ...data,
                latitude: lat.toFixed(6),
                longitude: lon.toFixed(6),
              }))
            }
          />
        </div>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('settings.delete')}
        message={t('settings.buildings.confirm_delete', { name: deleting?.name ?? '' })}
        confirmLabel={t('settings.delete')}
        onConfirm={remove}
      />
    </SettingsPage>
  )
}
