import vine from '@vinejs/vine'
import { defineResource } from '#crud/resource'
import { resourceForm, validateForm } from '#crud/resource_helpers'
import { dateTimeColumn, numberColumn, textColumn } from '#crud/resources/columns'

const groupForm = resourceForm({
  name: vine
    .string()
    .trim()
    .minLength(1)
    .maxLength(200)
    .unique({
      table: 'device_groups',
      column: 'name',
      filter: (query, _value, field) => {
        query.where('company_id', field.meta.companyId)
        if (field.meta.id) query.whereNot('id', field.meta.id)
      },
    }),
  description: vine.string().trim().maxLength(2000).optional(),
})

/** Device groups (spec §3): a name and a description; vehicles point to one. */
export const deviceGroupsResource = defineResource({
  key: 'device_groups',
  table: 'device_groups',
  query: (client, { companyId }) =>
    client
      .from('device_groups')
      .joinRaw(
        `LEFT JOIN (SELECT group_id, count(*) AS vehicles FROM devices
           WHERE company_id = ? AND group_id IS NOT NULL GROUP BY group_id) c
           ON c.group_id = device_groups.id`,
        [companyId]
      )
      .where('device_groups.company_id', companyId),
  columns: {
    id: numberColumn('device_groups.id'),
    name: textColumn('device_groups.name'),
    description: textColumn('device_groups.description'),
    vehicles: numberColumn('coalesce(c.vehicles, 0)'),
    created_at: dateTimeColumn('device_groups.created_at'),
  },
  defaultFields: ['name', 'description', 'vehicles'],
  defaultSort: { column: 'name', order: 'asc' },
  dateColumn: 'created_at',
  searchColumns: ['name'],
  labelColumn: 'name',
  write: {
    role: 'manager',
    validate: (ctx, input, id) => validateForm(groupForm, ctx, input, id),
  },
})
