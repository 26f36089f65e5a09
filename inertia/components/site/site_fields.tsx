import { useI18n } from '~/lib/i18n'

/**
 * The attributes the site's forms (contact, demo, offer) give their common fields: type,
 * autocomplete, length, and "optional" beside the label of a field that is not required.
 * Spread after the field's label and binding: `<InputField label={…} {...bindField(form,
 * 'email')} {...fields.email} />`.
 */
export function useSiteFields() {
  const { t } = useI18n()
  const optional = { optionalLabel: t('site.forms.optional') }
  return {
    optional,
    fullName: { autoComplete: 'name', maxLength: 200, ...optional },
    organization: { autoComplete: 'organization', required: true, maxLength: 200 },
    email: { type: 'email', autoComplete: 'email', required: true, maxLength: 254 },
    phone: { type: 'tel', autoComplete: 'tel', maxLength: 40, ...optional },
    message: { maxLength: 5000, ...optional },
  } as const
}
