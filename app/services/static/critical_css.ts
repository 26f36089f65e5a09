/**
 * The part of a stylesheet a server-rendered page needs for its first paint: every rule whose
 * selector can match with the classes the HTML carries, and every rule that names no class
 * (the reset, the theme's variables, element and attribute selectors), with grouping at-rules
 * kept around what they contain. What the page shows later (an opened menu, a dialog) comes
 * from the full stylesheet, which loads without blocking. The stylesheet is read with PostCSS
 * and selectors with postcss-selector-parser.
 */
import postcss, { type Container, type Root } from 'postcss'
import selectorParser, { type Node as SelectorNode } from 'postcss-selector-parser'

function negated(node: SelectorNode): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (parent.type === 'pseudo' && parent.value === ':not') return true
  }
  return false
}

/** Class names by selector: a stylesheet has a few thousand, read once per process. */
const selectorClasses = new Map<string, string[]>()

/**
 * The class names a selector requires, unescaped (`.sm\:px-6` gives `sm:px-6`); a class under
 * `:not()` must be absent, not present, so it is not required.
 */
export function classesOf(selector: string): string[] {
  let names = selectorClasses.get(selector)
  if (names) return names
  const found: string[] = []
  selectorParser((root) => {
    root.walkClasses((node) => {
      if (!negated(node)) found.push(node.value)
    })
  }).processSync(selector)
  names = found
  selectorClasses.set(selector, names)
  return names
}

/** At-rules whose body holds rules to filter; the others (keyframes, @property…) stay whole. */
const GROUPING = new Set(['media', 'supports', 'layer', 'container', 'scope', 'starting-style'])

function keepUsed(container: Container, used: Set<string>) {
  container.each((node) => {
    if (node.type === 'rule') {
      const matches = node.selectors.some((selector) =>
        classesOf(selector).every((name) => used.has(name))
      )
      if (!matches) node.remove()
    } else if (node.type === 'atrule' && node.nodes && GROUPING.has(node.name)) {
      keepUsed(node, used)
      if (node.nodes.length === 0) node.remove()
    }
  })
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
}

/** The class names of every element of an HTML fragment. */
export function classesInHtml(html: string): Set<string> {
  const used = new Set<string>()
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    const value = match[1].replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity])
    for (const name of value.split(/\s+/)) if (name) used.add(name)
  }
  return used
}

let parsed: { css: string; root: Root } | null = null

/** The rules of `css` a page whose elements carry the classes `used` needs to paint. */
export function criticalCss(css: string, used: Set<string>): string {
  if (parsed?.css !== css) parsed = { css, root: postcss.parse(css) }
  const root = parsed.root.clone()
  keepUsed(root, used)
  return root.toString()
}
