import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import { createMember, inputErrors } from '#tests/helpers/accounts'
import { createVehicle } from '#tests/functional/live/live_fixtures'
import { routeTable } from '#shared/route_table'
import Accident from '#models/accident'

const accidents = routeTable['fleet.accident']
const services = routeTable['fleet.service-records']
// A real 1×1 PNG: the body parser reads a file's type from its content.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
)

test.group('Fleet record files', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    drive.fake()
    return () => drive.restore()
  })

  test('an accident photo is stored under its company and served only to its members', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'manager' })
    const vehicle = await createVehicle(company)
    const created = await client
      .post(accidents.en)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', accidents.en)
      .fields({ accident_date: '2026-10-01', device_id: String(vehicle.id), file_number: 'K-1' })
      .file('photo', png, { filename: 'bumper crash.png', contentType: 'image/png' })
      .redirects(0)
    assert.deepEqual(inputErrors(created), {})
    created.assertFlashMessage('success', 'Record created successfully!')
    const row = await db.from('accidents').where('company_id', company.id).firstOrFail()
    assert.match(
      row.photo_path,
      new RegExp(`^${company.id}/accidents/[0-9a-f-]{36}/bumper_crash\\.png$`)
    )
    assert.isTrue(await drive.use().exists(row.photo_path))

    // The table shows the file's name; the edit form too.
    const record = await client.get(`${accidents.en}/data/${row.id}`).loginAs(user)
    assert.equal(record.body().photo, 'bumper_crash.png')
    const listed = await client.get(`${accidents.en}/data?fields=photo`).loginAs(user)
    assert.equal(listed.body().data[0].photo, 'bumper_crash.png')

    const served = await client.get(`${accidents.en}/${row.id}/files/photo`).loginAs(user)
    served.assertStatus(200)
    assert.equal(served.header('content-type'), 'image/png')
    assert.equal(served.header('x-content-type-options'), 'nosniff')
    assert.isTrue(Buffer.from(served.body()).equals(png))

    // Another company's member, a field that is not a file and an anonymous visitor get nothing.
    const other = await createMember({ role: 'owner' })
    ;(await client.get(`${accidents.en}/${row.id}/files/photo`).loginAs(other.user)).assertStatus(
      404
    )
    ;(await client.get(`${accidents.tr}/${row.id}/files/photo`).loginAs(other.user)).assertStatus(
      404
    )
    ;(await client.get(`${accidents.en}/${row.id}/files/description`).loginAs(user)).assertStatus(
      404
    )
    const anonymous = await client.get(`${accidents.en}/${row.id}/files/photo`).redirects(0)
    assert.notEqual(anonymous.status(), 200)

    // Editing without a new file keeps the photo.
    const edited = await client
      .put(`${accidents.en}/${row.id}`)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', accidents.en)
      .json({ accident_date: '2026-10-02', device_id: vehicle.id, file_number: 'K-2' })
      .redirects(0)
    edited.assertFlashMessage('success', 'Record updated successfully!')
    const after = await db.from('accidents').where('id', row.id).firstOrFail()
    assert.equal(after.photo_path, row.photo_path)
    assert.equal(after.file_number, 'K-2')

    // A new photo replaces the old one, which is removed; deleting the record removes its file.
    const replaced = await client
      .put(`${accidents.en}/${row.id}`)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', accidents.en)
      .fields({ accident_date: '2026-10-02', device_id: String(vehicle.id) })
      .file('photo', png, { filename: 'second.png', contentType: 'image/png' })
      .redirects(0)
    replaced.assertFlashMessage('success', 'Record updated successfully!')
    const second = await db.from('accidents').where('id', row.id).firstOrFail()
    assert.match(second.photo_path, /second\.png$/)
    assert.isTrue(await drive.use().exists(second.photo_path))
    assert.isFalse(await drive.use().exists(row.photo_path))
    const removed = await client
      .delete(`${accidents.en}/${row.id}`)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', accidents.en)
      .redirects(0)
    removed.assertFlashMessage('success', 'Item deleted successfully')
    assert.isFalse(await drive.use().exists(second.photo_path))
  })

  test('a service invoice may be a PDF; a photo may not', async ({ client, assert }) => {
    const { user, company } = await createMember({ role: 'manager' })
    const vehicle = await createVehicle(company)
    const pdf = Buffer.from('%PDF-1.4\n%invoice\n')
    const invoice = await client
      .post(services.en)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', services.en)
      .fields({ entry_date: '2026-11-05', device_id: String(vehicle.id), currency: 'TRY' })
      .file('invoice', pdf, { filename: 'invoice.pdf', contentType: 'application/pdf' })
      .redirects(0)
    invoice.assertFlashMessage('success', 'Record created successfully!')
    const row = await db.from('service_records').where('company_id', company.id).firstOrFail()
    const served = await client.get(`${services.en}/${row.id}/files/invoice`).loginAs(user)
    served.assertStatus(200)
    assert.equal(served.header('content-type'), 'application/pdf')

    const photo = await client
      .post(accidents.en)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', accidents.en)
      .fields({ accident_date: '2026-10-01', device_id: String(vehicle.id) })
      .file('photo', pdf, { filename: 'report.pdf', contentType: 'application/pdf' })
      .redirects(0)
    assert.deepEqual(inputErrors(photo).photo, [
      'The Photo must be one of these file types: jpg, jpeg, png, webp.',
    ])
  })

  test('uploads of the wrong type or size are refused in both languages, nothing stored', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'manager' })
    const vehicle = await createVehicle(company)
    const post = (path: string, name: string, content: Buffer, type: string) =>
      client
        .post(path)
        .withCsrfToken()
        .loginAs(user)
        .header('referer', path)
        .fields({ accident_date: '2026-10-01', device_id: String(vehicle.id) })
        .file('photo', content, { filename: name, contentType: type })
        .redirects(0)

    const script = Buffer.from('<script>alert(1)</script>')
    assert.deepEqual(inputErrors(await post(accidents.en, 'x.html', script, 'text/html')).photo, [
      'The Photo must be one of these file types: jpg, jpeg, png, webp.',
    ])
    assert.deepEqual(inputErrors(await post(accidents.tr, 'x.html', script, 'text/html')).photo, [
      'Fotoğraf şu dosya türlerinden biri olmalıdır: jpg, jpeg, png, webp.',
    ])

    const large = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024 + 10)])
    assert.deepEqual(inputErrors(await post(accidents.en, 'big.png', large, 'image/png')).photo, [
      'The Photo must not be larger than 10 MB.',
    ])
    assert.deepEqual(inputErrors(await post(accidents.tr, 'big.png', large, 'image/png')).photo, [
      'Fotoğraf en fazla 10 MB olabilir.',
    ])
    assert.lengthOf(await db.from('accidents').where('company_id', company.id), 0)
  })

  test('a storage failure answers the spec upload failure message, nothing stored', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'manager' })
    const vehicle = await createVehicle(company)
    const disk = drive.use()
    disk.moveFromFs = async () => {
      throw new Error('disk full')
    }
    for (const [path, message] of [
      [accidents.en, 'The file could not be uploaded.'],
      [accidents.tr, 'Dosya yüklenemedi.'],
    ]) {
      const response = await client
        .post(path)
        .withCsrfToken()
        .loginAs(user)
        .header('referer', path)
        .fields({ accident_date: '2026-10-01', device_id: String(vehicle.id) })
        .file('photo', png, { filename: 'crash.png', contentType: 'image/png' })
        .redirects(0)
      assert.deepEqual(inputErrors(response).photo, [message])
    }
    assert.lengthOf(await db.from('accidents').where('company_id', company.id), 0)
  })

  test('a file stored for a record that cannot be written is removed again', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'manager' })
    const vehicle = await createVehicle(company)
    const original = Accident.prototype.save
    Accident.prototype.save = async function () {
      throw new Error('connection lost')
    }
    try {
      const response = await client
        .post(accidents.en)
        .withCsrfToken()
        .loginAs(user)
        .header('referer', accidents.en)
        .fields({ accident_date: '2026-10-01', device_id: String(vehicle.id) })
        .file('photo', png, { filename: 'orphan.png', contentType: 'image/png' })
        .redirects(0)
      assert.include(
        String(response.flashMessages().error),
        'Error occurred while creating the record:'
      )
    } finally {
      Accident.prototype.save = original
    }
    const stored = await drive.use().listAll(`${company.id}/accidents`, { recursive: true })
    assert.lengthOf([...stored.objects], 0)
  })
})
