import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import CompanySetting from '#models/company_setting'
import { LockedJob, tryJobLock, type JobResult } from '#jobs/job'
import { LicenceExpiryJob } from '#jobs/licence_expiry_job'
import { scheduledJobs } from '#jobs/schedule'
import { createMember } from '#tests/helpers/accounts'
import { mailbox } from '#tests/helpers/mailbox'

/** A job that counts its runs and takes `workMs` over each. */
class CountingJob extends LockedJob {
  readonly name = `counting_${Date.now()}_${Math.random()}`
  runs = 0

  constructor(private readonly workMs = 0) {
    super()
  }

  protected async perform(): Promise<JobResult> {
    this.runs++
    await new Promise((resolve) => setTimeout(resolve, this.workMs))
    return { affected: 1 }
  }
}

/** The licence expiry job without its lock: what a second scheduler would do were the lock gone. */
class UnlockedLicenceExpiryJob extends LicenceExpiryJob {
  async run(now: DateTime) {
    return this.perform(now)
  }
}

async function companyWithExpiringLicence(licenceEnd: string) {
  const { user: owner, company } = await createMember({ role: 'owner' })
  const settings = await CompanySetting.of(company.id)
  settings.licenceExpiryDays = 14
  await settings.save()
  await db.table('devices').insert({
    name: 'Lock van',
    imei: `67${Date.now().toString().slice(-9)}${Math.floor(Math.random() * 1000)}`,
    protocol: 'teltonika',
    company_id: company.id,
    status: 'active',
    ownership: 'own',
    licence_end_date: licenceEnd,
    created_at: new Date(),
    updated_at: new Date(),
  })
  return owner
}

function mailsTo(address: string) {
  return mailbox.messages.filter((message) => message.to.includes(address)).length
}

test.group('Job lock', () => {
  test('every scheduled job takes the lock', ({ assert }) => {
    for (const { job } of scheduledJobs) assert.isTrue(job instanceof LockedJob, job.name)
  })

  test('a run finds the lock held elsewhere and does nothing; once it is free the job runs', async ({
    assert,
  }) => {
    const job = new CountingJob()
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    let locked!: () => void
    const holding = new Promise<void>((resolve) => (locked = resolve))
    const holder = db.transaction(async (trx) => {
      assert.isTrue(await tryJobLock(trx, job.name))
      locked()
      await released
    })
    await holding

    assert.deepEqual(await job.run(DateTime.now()), { affected: 0, skipped: true })
    assert.equal(job.runs, 0)

    release()
    await holder
    assert.deepEqual(await job.run(DateTime.now()), { affected: 1 })
    assert.equal(job.runs, 1)
  })

  test('two runs at once: one works, the other is skipped', async ({ assert }) => {
    const job = new CountingJob(300)
    const results = await Promise.all([job.run(DateTime.now()), job.run(DateTime.now())])
    assert.equal(job.runs, 1)
    assert.sameDeepMembers(results, [{ affected: 1 }, { affected: 0, skipped: true }])
  })

  test('two schedulers at once send the licence expiry mail once', async ({ assert }) => {
    const owner = await companyWithExpiringLicence('2027-05-10')
    mailbox.clear()
    const now = DateTime.utc(2027, 5, 1, 8)
    await Promise.all([new LicenceExpiryJob().run(now), new LicenceExpiryJob().run(now)])
    assert.equal(mailsTo(owner.email), 1)

    await new LicenceExpiryJob().run(now.plus({ days: 1 }))
    assert.equal(mailsTo(owner.email), 1)
  })

  test('without the lock, two runs at once still send the mail once: it is recorded with the send', async ({
    assert,
  }) => {
    const owner = await companyWithExpiringLicence('2027-06-10')
    mailbox.clear()
    const now = DateTime.utc(2027, 6, 1, 8)
    await Promise.all([
      new UnlockedLicenceExpiryJob().run(now),
      new UnlockedLicenceExpiryJob().run(now),
    ])
    assert.equal(mailsTo(owner.email), 1)
    const notices = await db
      .from('licence_expiry_notices as n')
      .join('devices as d', 'd.id', 'n.device_id')
      .where('d.licence_end_date', '2027-06-10')
      .count('* as total')
      .first()
    assert.equal(Number(notices?.total), 1)
  })
})
