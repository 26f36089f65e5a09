import { test } from '@japa/runner'
import { PostSourceError, parsePostSource } from '#services/site/post_importer'
import { renderMarkdown } from '#services/site/markdown'
import { postTitle, withoutBrand } from '#services/site/site_page'

const source = (frontMatter: string, body = 'Some **body**.') =>
  `---\n${frontMatter}\n---\n\n${body}\n`

const valid = [
  'key: real-time-tracking',
  'slug: gercek-zamanli-takip',
  'name: Gerçek zamanlı takip',
  'category: feature',
  'language: tr',
  'seo_title: "Gerçek Zamanlı Takip | FleetTrack"',
  'cover_image: /images/posts/real-time-tracking.svg',
  'order: 1',
  'summary: "Canlı harita."',
].join('\n')

test.group('Post sources', () => {
  test('parses the front matter and keeps the Markdown body', ({ assert }) => {
    const post = parsePostSource(
      source(`${valid}\npublished_at: 2026-05-12\ncoming_soon: true`),
      'x.md'
    )
    assert.equal(post.key, 'real-time-tracking')
    assert.equal(post.slug, 'gercek-zamanli-takip')
    assert.equal(post.language, 'tr')
    assert.equal(post.category, 'feature')
    assert.equal(post.sortOrder, 1)
    assert.isTrue(post.comingSoon)
    assert.equal(post.publishedAt?.toISODate(), '2026-05-12')
    assert.equal(post.bodyMarkdown, 'Some **body**.')
    assert.equal(post.seoTitle, 'Gerçek Zamanlı Takip | FleetTrack')
  })

  test('refuses what the site cannot show', ({ assert }) => {
    const reasons = [
      source(valid.replace('category: feature', 'category: recipe')),
      source(valid.replace('language: tr', 'language: de')),
      source(valid.replace('slug: gercek-zamanli-takip', 'slug: Gerçek Takip')),
      source(
        valid.replace(
          'cover_image: /images/posts/real-time-tracking.svg',
          'cover_image: https://x.test/a.png'
        )
      ),
      source(valid.replace('name: Gerçek zamanlı takip', 'name: ""')),
      source(valid, '   '),
      'no front matter at all',
      source('key: [unclosed'),
    ]
    for (const text of reasons) {
      assert.throws(() => parsePostSource(text, 'x.md'), PostSourceError)
    }
  })
})

test.group('Markdown', () => {
  test('renders GitHub-flavoured Markdown', ({ assert }) => {
    const html = renderMarkdown('## Title\n\n- one\n- **two**\n\n| a | b |\n|---|---|\n| 1 | 2 |')
    assert.include(html, '<h2>Title</h2>')
    assert.include(html, '<li><strong>two</strong></li>')
    assert.include(html, '<table>')
  })

  test('shows raw HTML as text and drops unsafe link targets', ({ assert }) => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n[x](javascript:alert(1)) [y](https://fleettrack.example) [z](/pricing)'
    )
    assert.notInclude(html, '<script>')
    assert.include(html, '&lt;script&gt;')
    assert.notInclude(html, 'javascript:')
    assert.include(html, '<a href="https://fleettrack.example" rel="noopener">y</a>')
    assert.include(html, '<a href="/pricing">z</a>')
  })
})

test.group('Page titles', () => {
  test('the layout adds the brand, so titles do not repeat it', ({ assert }) => {
    assert.equal(withoutBrand('Route Optimisation | FleetTrack'), 'Route Optimisation')
    assert.equal(withoutBrand('Terms of Use'), 'Terms of Use')
    assert.equal(postTitle('Terms of Use | FleetTrack', 'Terms of use'), 'Terms of Use')
    assert.equal(postTitle('About FleetTrack | Tallinn and Istanbul', 'About us'), 'About us')
    assert.equal(postTitle(null, 'Careers'), 'Careers')
  })
})
