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
      '/./backend',
      '/a/../backend/map',
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
      // dot segments the browser (and the URL parser) removes before following the path
      '/.//evil.com',
      '/..//evil.com',
      '/%2e//evil.com',
      '/%2E//evil.com',
      '/%2e%2e//evil.com',
      '/.%2e//evil.com',
      '/a/..//evil.com',
      '/a/%2E%2E//evil.com',
      '/a/b/../..//evil.com',
      '/.%2F%2Fevil.com',
      '/.%2f%2fevil.com',
      '/%2E%2F%2Fevil.com',
      '/.%252F%252Fevil.com',
      '/%252e//evil.com',
      '/.%5C%5Cevil.com',
      '/.%5C%2Fevil.com',
      '/./\\evil.com',
      '/.\\\\evil.com',
      '/a/..\\\\evil.com',
      '/a/..\\/evil.com',
      '/.%09//evil.com',
      '/./\t/evil.com',
      '/.\n//evil.com',
      '/.%0D%0A//evil.com',
      '/%2e%09//evil.com',
      '/./%2F/evil.com',
      '/a/.././/evil.com?x=1',
      '/./../..//evil.com#top',
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

  test('returns the path as the browser will follow it', ({ assert }) => {
    assert.equal(localPath('/./backend'), '/backend')
    assert.equal(localPath('/a/../backend/map?x=1'), '/backend/map?x=1')
    assert.equal(localPath('/%2e/backend'), '/backend')
    assert.equal(localPath('/.\\evil.com'), '/evil.com')
    assert.equal(localPath('/a/..\\evil.com'), '/evil.com')
  })

  test('falls back when the target is refused', ({ assert }) => {
    assert.equal(localPathOr('//evil.example', '/home'), '/home')
    assert.equal(localPathOr('/backend/map', '/home'), '/backend/map')
  })
})
