import CommandTemplate from '#models/command_template'

/** The company's saved commands for one tracker protocol, by name. */
export async function commandTemplatesFor(companyId: number, protocol: string) {
  const rows = await CommandTemplate.query()
    .where('company_id', companyId)
    .where('protocol', protocol)
    .orderBy('name')
  return rows.map(({ id, name, text }) => ({ id, name, text }))
}
