import {
  bindField,
  bindFile,
  bindValue,
  InputField,
  SelectField,
  TextAreaField,
} from '~/components/form/fields'
import {
  ChoiceButtons,
  DriverSelect,
  PhoneFormPage,
  PhotoField,
  type PhoneFormValues,
  usePhoneForm,
  VehicleSelect,
} from '~/components/fleet/phone_form'
import { useI18n } from '~/lib/i18n'
import type { Data } from '~generated/data'

type Props = Data.Fleet.VehicleCheckForm

const SCORES = ['1', '2', '3', '4', '5']

/**
 * The vehicle check on a phone: vehicle, driver, type and date, each item of spec §3 scored
 * 1 to 5 (spec §5), body and control descriptions. It files through the vehicle-check table's
 * own endpoint (same validation, same messages); the page then starts a new check.
 */
export default function VehicleCheckForm({ vehicles, drivers, items, types, today }: Props) {
  const { t } = useI18n()
  const blank = (): PhoneFormValues => ({
    device_id: '',
    driver_id: '',
    type: types[0] ?? '',
    check_date: today,
    ...Object.fromEntries(items.map((item) => [item, ''])),
    body_description: '',
    control_description: '',
    photo: null,
  })
  const phone = usePhoneForm(blank, 'fleet.vehicle-check')
  const form = phone.form
  const label = (name: string) => t(`crud.vehicle_checks.fields.${name}`)
  const field = (name: string) => ({ label: label(name), ...bindField(form, name) })
  const chosen = vehicles.find((vehicle) => String(vehicle.id) === form.data.device_id)

  return (
    <PhoneFormPage
      texts="fleet_flow.check_form"
      hasVehicles={vehicles.length > 0}
      phone={phone}
      testId="vehicle-check-form"
      submitTestId="submit-check"
    >
      <section className="grid gap-4 sm:grid-cols-2">
        <VehicleSelect vehicles={vehicles} {...field('device_id')} required requiredMark />
        <InputField
          name="brand"
          label={label('brand')}
          value={chosen?.brand ?? ''}
          readOnly
          disabled
        />
        <DriverSelect drivers={drivers} {...field('driver_id')} />
        <SelectField
          {...field('type')}
          required
          requiredMark
          options={types.map((type) => ({
            value: type,
            label: t(`crud.vehicle_checks.values.type.${type}`),
          }))}
        />
        <InputField {...field('check_date')} type="date" required requiredMark max={today} />
      </section>

      <section aria-labelledby="scores-title" className="space-y-5">
        <div>
          <h2 id="scores-title" className="text-base font-semibold text-slate-900">
            {t('fleet_flow.check_form.scores')}
          </h2>
          <p className="text-sm text-slate-600">{t('fleet_flow.check_form.scale')}</p>
        </div>
        {items.map((item) => (
          <ChoiceButtons
            key={item}
            name={item}
            legend={label(item)}
            testId={`score-${item}`}
            gridClass="grid-cols-5"
            choices={SCORES.map((score) => ({
              value: score,
              text: score,
              ariaLabel: t('fleet_flow.check_form.score', { item: label(item), score }),
              checkedClass: 'border-brand-600 bg-brand-600 text-white',
            }))}
            {...bindValue(form, item)}
          />
        ))}
      </section>

      <section className="grid gap-4">
        <TextAreaField {...field('body_description')} rows={3} />
        <TextAreaField {...field('control_description')} rows={3} />
        {/* A phone opens its camera or gallery; the photo goes with the check. */}
        <PhotoField label={label('photo')} {...bindFile(form, 'photo')} />
      </section>
    </PhoneFormPage>
  )
}
