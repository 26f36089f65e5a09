import { test } from '@japa/runner'
import { classesInHtml, classesOf, criticalCss } from '#services/static/critical_css'
import { inlinesStyles } from '#services/static/page_styles'

/** A stylesheet shaped like Tailwind's minified output. */
const css = [
  '@layer theme,base,components,utilities;',
  '@layer theme{:root,:host{--color-brand-600:#0f766e;--font-sans:"Inter", sans-serif}}',
  '@layer base{*,:after,:before{box-sizing:border-box}html{line-height:1.5}}',
  '@layer utilities{',
  '.flex{display:flex}',
  '.grid{display:grid}',
  '@media (width>=40rem){.sm\\:px-6{padding-inline:1.5rem}}',
  '@media (hover:hover){.hover\\:text-white:hover{color:#fff}',
  '.group-hover\\:underline:is(:where(.group):hover *){text-decoration-line:underline}}',
  ':where(.space-y-4>:not(:last-child)){margin-block-end:1rem}',
  '.\\[\\&_a\\]\\:font-medium a{font-weight:500}',
  '.\\32 xl\\:block{display:block}',
  '.content-\\[\\"\\}\\"\\]{--tw-content:"}"}',
  '}',
  '@media (width>=64rem){.lg\\:hidden{display:none}.lg\\:flex{display:flex}}',
  '@keyframes ping{75%,to{opacity:0;transform:scale(2)}}',
  '@property --tw-shadow{syntax:"*";inherits:false}',
].join('')

test.group('Critical CSS', () => {
  test('keeps the rules the classes need, the class-free ones, and their at-rules', ({
    assert,
  }) => {
    const out = criticalCss(css, new Set(['flex', 'sm:px-6', 'lg:flex', '[&_a]:font-medium']))
    assert.include(out, '@layer theme,base,components,utilities;')
    assert.include(out, '--color-brand-600:#0f766e')
    assert.include(out, 'html{line-height:1.5}')
    assert.include(out, '.flex{display:flex}')
    assert.include(out, '@media (width>=40rem){.sm\\:px-6{padding-inline:1.5rem}}')
    assert.include(out, '.\\[\\&_a\\]\\:font-medium a{font-weight:500}')
    assert.include(out, '@media (width>=64rem){.lg\\:flex{display:flex}}')
    assert.include(out, '@keyframes ping')
    assert.include(out, '@property --tw-shadow')
    assert.notInclude(out, '.grid{')
    assert.notInclude(out, 'hover\\:text-white')
    assert.notInclude(out, '(hover:hover)')
    assert.notInclude(out, 'lg\\:hidden')
    assert.notInclude(out, '2xl')
    assert.notInclude(out, 'space-y-4')
  })

  test('a variant of a group needs the group too; a class under :not() is not required', ({
    assert,
  }) => {
    assert.notInclude(criticalCss(css, new Set(['group-hover:underline'])), 'underline')
    assert.include(criticalCss(css, new Set(['group', 'group-hover:underline'])), 'underline')
    assert.include(criticalCss(css, new Set(['space-y-4'])), 'margin-block-end:1rem')
    assert.deepEqual(classesOf('.a:not(.b) .c'), ['a', 'c'])
  })

  test('reads escaped class names, and braces inside strings do not end a rule', ({ assert }) => {
    assert.deepEqual(classesOf('.\\32 xl\\:block'), ['2xl:block'])
    assert.deepEqual(classesOf('.hover\\:bg-brand-700\\/80:hover'), ['hover:bg-brand-700/80'])
    assert.include(criticalCss(css, new Set(['2xl:block'])), '.\\32 xl\\:block{display:block}')
    const quoted = criticalCss(css, new Set(['content-["}"]']))
    assert.include(quoted, '--tw-content:"}"}')
    assert.notInclude(quoted, '.flex{')
  })

  test('collects the classes of server-rendered markup, entities decoded', ({ assert }) => {
    const used = classesInHtml(
      '<div class="flex  sm:px-6"><a class="[&amp;_a]:font-medium">x</a><svg class="size-4"></svg></div>'
    )
    assert.sameMembers([...used], ['flex', 'sm:px-6', '[&_a]:font-medium', 'size-4'])
  })
})

test.group('Which pages carry their styles inline', () => {
  const ssrBody = '<div id="app"></div>'

  test('the public site, sign-in and error pages, server-rendered', ({ assert }) => {
    const route = (layout: 'frontend' | 'auth' | 'backend') => ({ route: { layout } })
    assert.isTrue(inlinesStyles({ component: 'site/home', props: route('frontend'), ssrBody }))
    assert.isTrue(inlinesStyles({ component: 'auth/login', props: route('auth'), ssrBody }))
    assert.isTrue(inlinesStyles({ component: 'errors/not_found', props: {}, ssrBody }))
    // Not server-rendered: nothing to read the classes from.
    assert.isFalse(inlinesStyles({ component: 'site/home', props: route('frontend') }))
  })

  test('not the back office, even a page of the site folder in its layout', ({ assert }) => {
    const staff = { route: { layout: 'backend' as const }, user: { id: 1 } }
    assert.isFalse(inlinesStyles({ component: 'site/inquiries', props: staff, ssrBody }))
    assert.isFalse(inlinesStyles({ component: 'backend/dashboard', props: staff, ssrBody }))
    assert.isFalse(
      inlinesStyles({ component: 'live/map', props: { route: { layout: 'backend' } }, ssrBody })
    )
  })
})
