import { test } from '@japa/runner'
import Post from '#models/post'
import { postTitle } from '#services/site/site_page'
import { showRouteOf } from '#services/site/post_queries'
import { appUrl } from '#services/alternates'
import { guardOf, pathFor, routeTable, type RouteName } from '#shared/route_table'
import type { Locale } from '#shared/locales'
import { createMember } from '#tests/helpers/accounts'
import { indexableRoutes } from '#services/site/sitemap'
import { metaOf, postFileCount, t, titleOf, withPosts } from './support.js'

const locales: Locale[] = ['en', 'tr']

/** Pages of the public site without parameters that render (not redirects). */
const publicPages = (Object.keys(routeTable) as RouteName[]).filter((name) => {
  const entry = routeTable[name] as { layout: string; redirectTo?: string; en: string }
  return entry.layout === 'frontend' && !entry.redirectTo && !entry.en.includes(':')
})

/** Pages whose text (and title) is the post with the route's name as key. */
const postPages = new Set<RouteName>([
  'support',
  'about-us',
  'dealership-program',
  'terms-of-use',
  'cookie-policy',
  'privacy-policy',
])

async function expectedTitle(name: RouteName, locale: Locale) {
  if (postPages.has(name)) {
    const post = await Post.query().where('key', name).where('language', locale).firstOrFail()
    return postTitle(post.seoTitle, post.name)
  }
  return t(locale, `site.meta.${name}.title`)
}

test.group('Public site pages', (group) => {
  withPosts(group)

  test('every public page answers 200 in both languages with its own title', async ({
    client,
    assert,
  }) => {
    const { user } = await createMember({ role: 'owner' })
    const titles = { en: new Set<string>(), tr: new Set<string>() }
    for (const name of publicPages) {
      for (const locale of locales) {
        const path = pathFor(name, locale)
        const request = client.get(path).redirects(0)
        if (guardOf(routeTable[name]) === 'auth') request.loginAs(user)
        const response = await request
        assert.equal(response.status(), 200, `${path} answered ${response.status()}`)
        const html = response.text()
        assert.include(html, `<html lang="${locale}">`, path)
        const title = `${await expectedTitle(name, locale)} · FleetTrack`
        assert.equal(titleOf(html), title, path)
        assert.isNotNull(metaOf(html, 'description'), `${path} has a description`)
        assert.equal(metaOf(html, 'og:locale'), locale === 'en' ? 'en_GB' : 'tr_TR', path)
        titles[locale].add(title)
      }
    }
    // In each language, every page has a title of its own.
    assert.equal(titles.en.size, publicPages.length)
    assert.equal(titles.tr.size, publicPages.length)
  }).timeout(120_000)

  test('internal tools need a sign-in', async ({ client, assert }) => {
    for (const name of [
      'test.check',
      'test.device-profile',
      'test.command-builder',
      'translator',
    ] as const) {
      const response = await client.get(pathFor(name, 'tr')).redirects(0)
      assert.equal(response.status(), 302, name)
      assert.equal(response.header('location'), '/tr/giris')
    }
  })

  test('every post has a page in its language, titled by the post', async ({ client, assert }) => {
    const posts = await Post.query().orderBy('id')
    assert.lengthOf(posts, await postFileCount())
    for (const post of posts) {
      const path = pathFor(showRouteOf(post.category), post.language, { slug: post.slug })
      const response = await client.get(path)
      assert.equal(response.status(), 200, path)
      assert.equal(titleOf(response.text()), `${postTitle(post.seoTitle, post.name)} · FleetTrack`)
    }
  }).timeout(120_000)

  test('any post also answers under /post/{slug}, canonical to its own page', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/tr/yazi/gercek-zamanli-takip')
    response.assertStatus(200)
    assert.include(
      response.text(),
      `<link rel="canonical" href="${appUrl()}/tr/ozellikler/gercek-zamanli-takip" />`
    )
  })

  test('a slug that does not exist in the page language is a fatal 404', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/blog/no-such-post')
    response.assertStatus(404)
    assert.include(response.text(), 'Page Not Found: /blog/no-such-post')
    // A feature's slug under the blog is not a blog post either.
    const wrongCategory = await client.get('/blog/real-time-tracking')
    wrongCategory.assertStatus(404)
    const turkish = await client.get('/tr/urunler/yok-boyle-bir-urun')
    turkish.assertStatus(404)
    assert.include(turkish.text(), 'Sayfa Bulunamadı: /tr/urunler/yok-boyle-bir-urun')
  })

  test('the other language slug of the same post redirects to this language', async ({
    client,
  }) => {
    const response = await client.get('/tr/blog/obd-vs-hard-wired-trackers').redirects(0)
    response.assertStatus(301)
    response.assertHeader('location', '/tr/blog/obd-mi-kablolu-cihaz-mi')
  })

  test('the language switch of a post opens the same post in the other language', async ({
    client,
    assert,
  }) => {
    const english = await client.get('/blog/obd-vs-hard-wired-trackers').withInertia()
    english.assertInertiaComponent('site/posts/show')
    english.assertInertiaPropsContains({
      alternates: {
        en: '/blog/obd-vs-hard-wired-trackers',
        tr: '/tr/blog/obd-mi-kablolu-cihaz-mi',
      },
    })

    const html = (await client.get('/blog/obd-vs-hard-wired-trackers')).text()
    assert.include(
      html,
      `<link rel="alternate" hreflang="tr" href="${appUrl()}/tr/blog/obd-mi-kablolu-cihaz-mi" />`
    )
    assert.include(
      html,
      `<link rel="canonical" href="${appUrl()}/blog/obd-vs-hard-wired-trackers" />`
    )

    const turkish = (await client.get('/tr/ozellikler/rota-optimizasyonu')).text()
    assert.include(
      turkish,
      `<link rel="alternate" hreflang="en" href="${appUrl()}/features/route-optimisation" />`
    )
    assert.include(turkish, `hreflang="x-default" href="${appUrl()}/features/route-optimisation"`)

    const switched = await client
      .get('/locale/tr')
      .qs({ to: '/tr/blog/obd-mi-kablolu-cihaz-mi' })
      .redirects(0)
    switched.assertHeader('location', '/tr/blog/obd-mi-kablolu-cihaz-mi')
  })

  test('Open Graph tags of a post with a cover', async ({ client, assert }) => {
    const html = (await client.get('/tr/blog/obd-mi-kablolu-cihaz-mi')).text()
    assert.equal(metaOf(html, 'og:type'), 'article')
    assert.equal(metaOf(html, 'og:locale'), 'tr_TR')
    assert.equal(metaOf(html, 'og:locale:alternate'), 'en_GB')
    assert.equal(metaOf(html, 'og:url'), `${appUrl()}/tr/blog/obd-mi-kablolu-cihaz-mi`)
    assert.equal(
      metaOf(html, 'og:image'),
      `${appUrl()}/images/posts/obd-vs-hard-wired-trackers.svg`
    )
    assert.include(metaOf(html, 'og:title')!, 'OBD')
    assert.include(html, 'width="1200" height="630"')
  })

  test('every public page shares the footer posts of its language', async ({ client }) => {
    const response = await client.get('/tr/sss').withInertia()
    response.assertInertiaPropsContains({
      footerPosts: {
        legal: [
          { slug: 'kullanim-kosullari', name: 'Kullanım koşulları' },
          { slug: 'gizlilik-politikasi', name: 'Gizlilik politikası' },
          { slug: 'cerez-politikasi', name: 'Çerez politikası' },
        ],
      },
    })
    const english = await client.get('/pricing').withInertia()
    english.assertInertiaPropsContains({
      footerPosts: { company: [{ slug: 'about-us', name: 'About us' }] },
    })
  })

  test('lists posts by category: FAQ accordion, blog newest first, coming soon', async ({
    client,
    assert,
  }) => {
    const faqs = (await client.get('/faqs')).text()
    assert.equal(faqs.match(/data-testid="faq-item"/g)?.length, 10)
    assert.include(faqs, '<details')

    const blog = await client.get('/tr/blog').withInertia()
    const dates = (blog.inertiaProps as { posts: { publishedAt: string }[] }).posts.map(
      (post) => post.publishedAt
    )
    assert.deepEqual(dates, ['2026-10-20', '2026-07-08', '2026-05-12', '2026-03-17'])

    const features = await client.get('/features')
    assert.include(features.text(), 'Coming soon')

    const articles = await client.get('/post').withInertia()
    const categories = new Set(
      (articles.inertiaProps as { posts: { category: string }[] }).posts.map(
        (post) => post.category
      )
    )
    assert.deepEqual([...categories].sort(), ['company', 'why'])
  })

  test('the legal and company pages show their post', async ({ client, assert }) => {
    const terms = await client.get('/tr/kullanim-kosullari').withInertia()
    terms.assertInertiaComponent('site/page')
    assert.equal((terms.inertiaProps as { post: { key: string } }).post.key, 'terms-of-use')
    const support = await client.get('/support')
    assert.include(support.text(), 'data-testid="contact-form"')
  })
})

test.group('Public site without posts', () => {
  test('company and legal pages still answer, with an empty state', async ({ client, assert }) => {
    const response = await client.get('/about-us')
    response.assertStatus(200)
    assert.include(response.text(), 'This page is being prepared')
    const list = await client.get('/tr/blog')
    list.assertStatus(200)
    assert.include(list.text(), 'Burada henüz içerik yok')
  })
})

test.group('Sitemap and robots', (group) => {
  withPosts(group)

  test('sitemap.xml lists the public pages and every post in both languages', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/sitemap.xml')
    response.assertStatus(200)
    assert.include(response.header('content-type'), 'application/xml')
    const xml = response.text()
    const base = appUrl()
    for (const path of [
      '/',
      '/tr',
      '/faqs',
      '/tr/sss',
      '/pricing',
      '/tr/fiyatlandirma',
      '/test/cost',
      '/tr/test/maliyet',
    ]) {
      assert.include(xml, `<loc>${base}${path}</loc>`)
    }
    assert.include(xml, `<loc>${base}/tr/blog/obd-mi-kablolu-cihaz-mi</loc>`)
    assert.include(xml, `<loc>${base}/blog/obd-vs-hard-wired-trackers</loc>`)
    assert.include(
      xml,
      `<xhtml:link rel="alternate" hreflang="tr" href="${base}/tr/blog/obd-mi-kablolu-cihaz-mi"/>`
    )
    assert.include(xml, `<loc>${base}/tr/ozellikler/rota-optimizasyonu</loc>`)
    // Not indexable: sign-in pages, internal tools, redirects, the back office.
    for (const path of [
      '/login',
      '/translator',
      '/test/check',
      '/about',
      '/backend',
      '/index_old',
    ]) {
      assert.notInclude(xml, `<loc>${base}${path}</loc>`)
    }
    // The public pages in both languages, and each post in its language.
    assert.lengthOf(indexableRoutes(), 19)
    assert.equal(xml.match(/<url>/g)?.length, 19 * 2 + (await postFileCount()))
  })

  test('robots.txt keeps crawlers out of the back office and points at the sitemap', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/robots.txt')
    response.assertStatus(200)
    const text = response.text()
    assert.include(text, 'Disallow: /backend')
    assert.include(text, 'Disallow: /tr/panel')
    assert.include(text, `Sitemap: ${appUrl()}/sitemap.xml`)
  })
})
