/*
| Public site routes (issue: public site). Registered before the remaining
| pages of the route table get their placeholder.
*/
import router from '@adonisjs/core/services/router'
import { action, localized } from '#start/routes/localized'
import { sitePageCache } from '#services/site/page_cache'
import { CSRF_COOKIE_PATH } from '#shared/csrf_cookie'

const PagesController = () => import('#controllers/site/pages_controller')
const PostsController = () => import('#controllers/site/posts_controller')
const InquiriesController = () => import('#controllers/site/inquiries_controller')
const OfferController = () => import('#controllers/site/offer_controller')
const ToolsController = () => import('#controllers/site/tools_controller')
const SeoController = () => import('#controllers/site/seo_controller')

// Public pages: the same HTML for every anonymous visitor, so they go through the page cache.
router
  .group(() => {
    localized('get', 'home', [PagesController, 'home'])
    localized('get', 'faqs', [PagesController, 'faqs'])
    localized('get', 'pricing', [PagesController, 'pricing'])
    localized('get', 'contact', [PagesController, 'contact'])
    localized('get', 'support', [PagesController, 'support'])
    localized('get', 'about-us', [PagesController, 'aboutUs'])
    localized('get', 'dealership-program', [PagesController, 'dealershipProgram'])
    localized('get', 'terms-of-use', [PagesController, 'termsOfUse'])
    localized('get', 'cookie-policy', [PagesController, 'cookiePolicy'])
    localized('get', 'privacy-policy', [PagesController, 'privacyPolicy'])

    // Posts by category, and one post by its slug in the page's language
    localized('get', 'features', [PostsController, 'features'])
    localized('get', 'features.show', [PostsController, 'showFeature'])
    localized('get', 'products', [PostsController, 'products'])
    localized('get', 'products.show', [PostsController, 'showProduct'])
    localized('get', 'fleet', [PostsController, 'fleet'])
    localized('get', 'fleet.show', [PostsController, 'showFleet'])
    localized('get', 'tutorials', [PostsController, 'tutorials'])
    localized('get', 'blog', [PostsController, 'blog'])
    localized('get', 'blog.show', [PostsController, 'showBlog'])
    localized('get', 'post', [PostsController, 'index'])
    localized('get', 'post.show', [PostsController, 'showPost'])

    localized('get', 'offer', [OfferController, 'create'])
    localized('get', 'test.cost', [ToolsController, 'cost'])
    localized('get', 'test.device-lists', [ToolsController, 'deviceLists'])
  })
  .use(sitePageCache)

// Forms: contact, demo request, quote; the quote page and its PDF (private to the requester).
// Cached pages reach first-time visitors without cookies: their first post fetches these.
router.get(CSRF_COOKIE_PATH, ({ response }) => response.noContent()).as('csrf_cookie')
localized('post', 'contact', [InquiriesController, 'storeContact'])
action('post', 'contact.demo', [InquiriesController, 'storeDemo'])
localized('post', 'offer', [OfferController, 'store'])
localized('get', 'offer.show', [OfferController, 'show'])
localized('get', 'offer.show', [OfferController, 'pdf'], '/pdf')

// Internal tools for signed-in users (/test/*) and the translation coverage (/translator)
localized('get', 'test.check', [ToolsController, 'check'])
localized('get', 'test.device-profile', [ToolsController, 'deviceProfile'])
localized('get', 'test.command-builder', [ToolsController, 'commandBuilder'])
localized('get', 'translator', [ToolsController, 'translator'])

// Back office: contact messages and demo requests, for platform staff
localized('get', 'account.inquiries', [InquiriesController, 'index'])

router.get('/sitemap.xml', [SeoController, 'sitemap']).as('sitemap')
router.get('/robots.txt', [SeoController, 'robots']).as('robots')
