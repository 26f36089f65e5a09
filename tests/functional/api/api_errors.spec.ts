import { test } from '@japa/runner'

/** Issue 30: under /api every error is JSON, never the HTML error page. */
test.group('API errors are JSON', () => {
  for (const method of ['post', 'delete', 'put'] as const) {
    test(`${method.toUpperCase()} on /api/v1/devices answers 405 with Allow`, async ({
      client,
      assert,
    }) => {
      const response = await client[method]('/api/v1/devices').header('accept', 'text/html')
      response.assertStatus(405)
      assert.match(response.header('content-type') ?? '', /application\/json/)
      assert.include(response.header('allow') ?? '', 'GET')
      assert.notInclude(response.header('allow') ?? '', method.toUpperCase())
      assert.equal(
        response.body().error,
        `${method.toUpperCase()} is not allowed on /api/v1/devices; it answers GET, HEAD.`
      )
    })
  }

  test('an unknown API path answers a JSON 404, even to a browser', async ({ client, assert }) => {
    const response = await client.delete('/api/v1/nothing-here').header('accept', 'text/html')
    response.assertStatus(404)
    assert.match(response.header('content-type') ?? '', /application\/json/)
    assert.equal(response.body().error, 'Page not found: /api/v1/nothing-here')
    const get = await client.get('/api/v2/devices')
    get.assertStatus(404)
    assert.match(get.header('content-type') ?? '', /application\/json/)
  })

  test('a known API path without a token still answers JSON 401', async ({ client, assert }) => {
    const response = await client.get('/api/v1/devices').header('accept', 'text/html')
    response.assertStatus(401)
    assert.match(response.header('content-type') ?? '', /application\/json/)
    assert.property(response.body(), 'error')
  })

  test('pages outside /api keep the HTML 404 page', async ({ client, assert }) => {
    const response = await client.get('/no-such-page').header('accept', 'text/html')
    response.assertStatus(404)
    assert.match(response.header('content-type') ?? '', /text\/html/)
  })
})
