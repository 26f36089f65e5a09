import { test } from '@japa/runner'
import { isLocalPath, localPath, localPathOr } from '#services/local_path'

test.group('localPath', () => {
  test('keeps paths on this site: {$self}')
    .with([
      '/',
      '/backend',
      '/tr/hakkinda',
      '/backend/fleet/vehicles?page=2&sort=plate#top',
      '/search?q=100%',
      '/search?q=a%2Fb',
      '/search?q=a//b',
      '/tr/%C3%BCr%C3%BCnler',
    ])
    .run(({ assert }, value) => {
      assert.isTrue(isLocalPath(value))
      assert.equal(new URL(localPath(value)!, 'http://site.test').origin, 'http://site.test')
    })

  test('refuses another origin or a bypass: {$self}')
    .with([
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '\\/evil.example',
      '/%5Cevil.example',
      '/%5cevil.example',
      '%2F%2Fevil.example',
      '/%2Fevil.example',
      '/%252F%252Fevil.example',
      '/%255Cevil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/%09/evil.example',
      '/%0a/evil.example',
      ' //evil.example',
      '\u0000//evil.example',
      'https://evil.example',
      'https:evil.example',
      'http:/evil.example',
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'evil.example',
      '',
    ])
    .run(({ assert }, value) => {
      assert.isNull(localPath(value))
      assert.isFalse(isLocalPath(value))
    })

  test('refuses what is not a string', ({ assert }) => {
    for (const value of [undefined, null, 42, ['/backend'], { to: '/' }]) {
      assert.isNull(localPath(value))
    }
  })

  test('falls back when the target is refused', ({ assert }) => {
    assert.equal(localPathOr('//evil.example', '/home'), '/home')
    assert.equal(localPathOr('/backend/map', '/home'), '/backend/map')
  })
})
