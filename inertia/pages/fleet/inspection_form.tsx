import { router } from '@inertiajs/react'
import { useEffect, useRef, useState, type ChangeEvent } from 'react'
import { bindField, bindFile, bindValue, InputField, TextAreaField } from '~/components/form/fields'
import {
  ChoiceButtons,
  DriverSelect,
  PhoneFormPage,
  PhotoField,
  type PhoneFormValues,
  usePhoneForm,
  VehicleSelect,
} from '~/components/fleet/phone_form'
import { Button } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'
import type { Data } from '~generated/data'

type Props = Data.Fleet.InspectionForm

/** A chosen pass or fail button. */
const PASS_FAIL_CHECKED = {
  pass: 'border-emerald-700 bg-emerald-700 text-white',
  fail: 'border-red-700 bg-red-700 text-white',
}

/**
 * The driver's signature: drawn with a finger, pen or mouse on a canvas, or (keyboard) typed
 * and written into the canvas. Either way the canvas is sent as a PNG image.
 */
function SignaturePad({
  error,
  onChange,
}: {
  error?: string
  onChange: (dataUrl: string) => void
}) {
  const { t } = useI18n()
  const canvas = useRef<HTMLCanvasElement>(null)
  const drawing = useRef(false)
  const [typed, setTyped] = useState('')

  function context() {
    const element = canvas.current!
    const ctx = element.getContext('2d')!
    ctx.lineWidth = 2.5
    ctx.lineCap = 'round'
    ctx.strokeStyle = '#0f172a'
    return { element, ctx }
  }

  function point(event: React.PointerEvent<HTMLCanvasElement>) {
    const rect = event.currentTarget.getBoundingClientRect()
    const scale = event.currentTarget.width / rect.width
    return { x: (event.clientX - rect.left) * scale, y: (event.clientY - rect.top) * scale }
  }

  function clear() {
    const { element, ctx } = context()
    ctx.clearRect(0, 0, element.width, element.height)
    setTyped('')
    onChange('')
  }

  function writeTyped(text: string) {
    setTyped(text)
    const { element, ctx } = context()
    ctx.clearRect(0, 0, element.width, element.height)
    if (!text.trim()) return onChange('')
    ctx.font = 'italic 36px serif'
    ctx.fillStyle = '#0f172a'
    ctx.fillText(text, 16, element.height / 2 + 12, element.width - 32)
    onChange(element.toDataURL('image/png'))
  }

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">
        {t('fleet_ops.inspections.signature')} <span className="text-red-600">*</span>
      </legend>
      <p id="signature-help" className="text-sm text-slate-600">
        {t('fleet_ops.inspections.signature_help')}
      </p>
      <canvas
        ref={canvas}
        width={600}
        height={160}
        role="img"
        aria-label={t('fleet_ops.inspections.signature_canvas')}
        className="h-40 w-full touch-none rounded-lg border border-slate-400 bg-white"
        data-testid="signature-pad"
        onPointerDown={(event) => {
          drawing.current = true
          event.currentTarget.setPointerCapture(event.pointerId)
          const { ctx } = context()
          const { x, y } = point(event)
          ctx.beginPath()
          ctx.moveTo(x, y)
        }}
        onPointerMove={(event) => {
          if (!drawing.current) return
          const { ctx } = context()
          const { x, y } = point(event)
          ctx.lineTo(x, y)
          ctx.stroke()
        }}
        onPointerUp={() => {
          if (!drawing.current) return
          drawing.current = false
          onChange(canvas.current!.toDataURL('image/png'))
        }}
      />
      <div className="flex flex-wrap items-end gap-3">
        <InputField
          name="signature_typed"
          label={t('fleet_ops.inspections.signature')}
          className="min-w-48 flex-1"
          value={typed}
          onChange={(event: ChangeEvent<HTMLInputElement>) => writeTyped(event.target.value)}
          aria-describedby="signature-help"
          autoComplete="name"
        />
        <Button type="button" variant="outline" onClick={clear}>
          {t('fleet_ops.inspections.clear_signature')}
        </Button>
      </div>
      {error && (
        <p className="text-sm text-red-700" data-field-error="signature">
          {error}
        </p>
      )}
    </fieldset>
  )
}

/**
 * An inspection on a phone (issue 30): the vehicle (its checklist and plausible odometer come
 * with it), the odometer, each item passed or failed (a failed one with a note and a photo),
 * and the driver's signature. Filed to forms.inspection; each failed item opens an issue.
 */
export default function InspectionForm({
  vehicles,
  drivers,
  deviceId,
  checklist,
  odometer,
}: Props) {
  const { t } = useI18n()
  const path = useRoute()
  const blank = (): PhoneFormValues => ({
    device_id: deviceId ? String(deviceId) : '',
    driver_id: '',
    odometer_km: '',
    notes: '',
    signature: '',
    ...Object.fromEntries(
      checklist.flatMap((item) => [
        [`result_${item.id}`, ''],
        [`note_${item.id}`, ''],
        [`photo_${item.id}`, null],
      ])
    ),
  })
  const [signatureKey, setSignatureKey] = useState(0)
  const phone = usePhoneForm(blank, 'forms.inspection', {
    // What is left empty is not sent (a passed item has no note nor photo).
    transform: (data) =>
      Object.fromEntries(
        Object.entries(data).filter(([, entry]) => entry !== null && entry !== '')
      ),
    forceFormData: true,
    // The signature pad starts again with the form.
    onFiled: () => setSignatureKey((key) => key + 1),
  })
  const form = phone.form

  // Another vehicle brings its own checklist: the answers start again.
  useEffect(() => {
    form.setData(blank())
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [deviceId, checklist])

  const value = (name: string) => (form.data[name] as string | null) ?? ''

  function chooseVehicle(id: string) {
    router.get(path('forms.inspection'), id ? { device: id } : {}, {
      preserveScroll: true,
      preserveState: true,
      replace: true,
    })
  }

  return (
    <PhoneFormPage
      texts="fleet_ops.inspections"
      hasVehicles={vehicles.length > 0}
      phone={phone}
      canSubmit={Boolean(deviceId) && checklist.length > 0}
      testId="inspection-form"
      submitTestId="submit-inspection"
    >
      <section className="grid gap-4 sm:grid-cols-2">
        <VehicleSelect
          vehicles={vehicles}
          name="device_id"
          label={t('fleet_ops.inspections.vehicle')}
          value={value('device_id')}
          error={form.errors.device_id}
          onChange={(event) => chooseVehicle(event.target.value)}
          required
          requiredMark
        />
        <DriverSelect
          drivers={drivers}
          label={t('fleet_ops.inspections.driver')}
          {...bindField(form, 'driver_id')}
        />
        {deviceId && (
          <InputField
            label={t('fleet_ops.inspections.odometer')}
            {...bindField(form, 'odometer_km')}
            type="number"
            inputMode="numeric"
            min={odometer?.min}
            max={odometer?.max}
            hint={odometer ? t('fleet_ops.inspections.odometer_hint', odometer) : undefined}
            required
            requiredMark
          />
        )}
      </section>

      {!deviceId && (
        <p className="text-sm text-slate-700">{t('fleet_ops.inspections.choose_vehicle')}</p>
      )}
      {deviceId && checklist.length === 0 && (
        <p className="rounded-lg bg-amber-50 p-4 text-sm text-amber-900" role="status">
          {t('fleet_ops.inspections.no_checklist')}
        </p>
      )}

      {deviceId && checklist.length > 0 && (
        <>
          <section aria-labelledby="items-title" className="space-y-6">
            <h2 id="items-title" className="text-base font-semibold text-slate-900">
              {t('fleet_ops.inspections.items')}
            </h2>
            {checklist.map((item) => {
              const failed = value(`result_${item.id}`) === 'fail'
              return (
                <div key={item.id} className="space-y-3">
                  <ChoiceButtons
                    name={`result_${item.id}`}
                    legend={item.name}
                    testId={`item-${item.id}`}
                    gridClass="grid-cols-2"
                    choices={(['pass', 'fail'] as const).map((choice) => ({
                      value: choice,
                      text: t(`fleet_ops.inspections.${choice}`),
                      ariaLabel: t('fleet_ops.inspections.item_result', {
                        item: item.name,
                        result: t(`fleet_ops.inspections.${choice}`),
                      }),
                      checkedClass: PASS_FAIL_CHECKED[choice],
                      testId: `result_${item.id}-${choice}`,
                    }))}
                    {...bindValue(form, `result_${item.id}`)}
                  />
                  {failed && (
                    <div className="grid gap-3 border-l-4 border-red-200 pl-3">
                      <TextAreaField
                        label={`${t('fleet_ops.inspections.note')} (${item.name})`}
                        rows={2}
                        required
                        requiredMark
                        {...bindField(form, `note_${item.id}`)}
                      />
                      <PhotoField
                        label={`${t('fleet_ops.inspections.photo')} (${item.name})`}
                        capture="environment"
                        {...bindFile(form, `photo_${item.id}`)}
                      />
                    </div>
                  )}
                </div>
              )
            })}
          </section>

          <section className="grid gap-6">
            <TextAreaField
              label={t('fleet_ops.inspections.notes')}
              rows={3}
              {...bindField(form, 'notes')}
            />
            <SignaturePad
              key={signatureKey}
              error={form.errors.signature}
              onChange={bindValue(form, 'signature').onChange}
            />
          </section>
        </>
      )}
    </PhoneFormPage>
  )
}
