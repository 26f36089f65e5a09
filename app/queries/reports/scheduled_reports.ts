import ScheduledReport from '#models/scheduled_report'

/** The company's scheduled reports (of one report when a slug is given). */
export function companySchedules(companyId: number, slug?: string) {
  return slug === undefined
    ? ScheduledReport.query().where('company_id', companyId).orderBy('name').orderBy('id')
    : ScheduledReport.query().where('company_id', companyId).where('slug', slug).orderBy('id')
}

/** One of the company's scheduled reports; another company's is a 404. */
export function findCompanySchedule(companyId: number, id: unknown) {
  return ScheduledReport.query()
    .where('company_id', companyId)
    .where('id', Number(id) || 0)
    .firstOrFail()
}
