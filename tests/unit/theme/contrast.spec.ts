import { test } from '@japa/runner'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'

/*
| WCAG 2.1 AA contrast of the theme: the brand tokens are read from inertia/css/app.css,
| the ratio computed with WCAG's relative luminance, and every pair the pages use for text
| must reach 4.5:1.
*/

const AA = 4.5

/** Tailwind's fixed colours the brand shades meet (not redefined by the theme). */
const FIXED: Record<string, string> = {
  'white': '#ffffff',
  'slate-50': '#f8fafc',
  'slate-900': '#0f172a',
  'slate-950': '#020617',
}

async function themeColors(): Promise<Record<string, string>> {
  const css = await readFile(app.makePath('inertia/css/app.css'), 'utf8')
  const colors: Record<string, string> = { ...FIXED }
  for (const match of css.matchAll(/--color-([a-z]+-\d+):\s*(#[0-9a-f]{6})\s*;/gi)) {
    colors[match[1]] = match[2]
  }
  return colors
}

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255)
  const [r, g, b] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (light + 0.05) / (dark + 0.05)
}

/** [text, background] pairs of the design: buttons, links, badges, dark sections. */
const PAIRS: [string, string][] = [
  // Primary buttons (rest, hover, active), avatar initials, skip link, e-mail button.
  ...['brand-600', 'brand-700', 'brand-800', 'brand-900'].map((bg): [string, string] => [
    'white',
    bg,
  ]),
  // Links, the logo's "Track", eyebrows and badges on white, the page and tinted panels.
  ...['brand-600', 'brand-700', 'brand-800', 'brand-900'].flatMap((text) =>
    ['white', 'slate-50', 'brand-50', 'brand-100'].map((bg): [string, string] => [text, bg])
  ),
  // Light text on the dark brand gradients, the sidebar and the dark home section.
  ...['brand-600', 'brand-700', 'brand-800', 'brand-900', 'slate-900', 'slate-950'].map(
    (bg): [string, string] => ['brand-100', bg]
  ),
]

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.tsx'))
    .map((entry) => join(entry.parentPath, entry.name))
}

test.group('Theme contrast', () => {
  test('the brand teal #0d9488 (3.74:1 under white) is computed as failing', ({ assert }) => {
    assert.approximately(contrast('#ffffff', '#0d9488'), 3.74, 0.01)
    assert.approximately(contrast('#000000', '#ffffff'), 21, 0.001)
  })

  test('every text/background pair of the design tokens passes AA', async ({ assert }) => {
    const colors = await themeColors()
    const failures: string[] = []
    for (const [text, background] of PAIRS) {
      assert.properties(colors, [text, background])
      const ratio = contrast(colors[text], colors[background])
      if (ratio < AA) failures.push(`${text} on ${background}: ${ratio.toFixed(2)}:1`)
    }
    assert.deepEqual(failures, [])
  })

  test('white text on a brand background uses a shade that passes AA', async ({ assert }) => {
    const colors = await themeColors()
    const failures: string[] = []
    for (const file of await sourceFiles(app.makePath('inertia'))) {
      const source = await readFile(file, 'utf8')
      for (const literal of source.matchAll(/(["'`])([^"'`\n]*\btext-white\b[^"'`\n]*)\1/g)) {
        const classes = literal[2]
        const backgrounds = classes.matchAll(
          /(?:^|\s)(?:(?:hover|active|focus|focus-visible):)?bg-brand-(\d+)(?=\s|$)/g
        )
        for (const [, shade] of backgrounds) {
          const ratio = contrast('#ffffff', colors[`brand-${shade}`] ?? '#ffffff')
          if (ratio < AA) failures.push(`${file}: white on brand-${shade} ${ratio.toFixed(2)}:1`)
        }
      }
    }
    assert.deepEqual(failures, [])
  })
})
