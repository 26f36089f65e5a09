/**
 * The part of a stylesheet a server-rendered page needs for its first paint: every rule whose
 * selector can match with the classes the HTML carries, and every rule that names no class
 * (the reset, the theme's variables, element and attribute selectors), with at-rules kept
 * around what they contain. What the page shows later (an opened menu, a dialog) comes from
 * the full stylesheet, which loads without blocking. Built for Tailwind's minified output;
 * plain CSS text, no parser library.
 */

/** A statement of a block: a declaration or at-rule without a block, or `prelude{body}`. */
type Statement = { text: string } | { prelude: string; body: string }

/** The statements of a block's content, splitting at top-level `;` and balanced braces. */
function statements(css: string): Statement[] {
  const result: Statement[] = []
  let start = 0
  let depth = 0
  let braceAt = -1
  let quote: string | null = null
  for (let index = 0; index < css.length; index++) {
    const char = css[index]
    if (char === '\\') {
      index++
      continue
    }
    if (quote) {
      if (char === quote) quote = null
      continue
    }
    if (char === '"' || char === "'") {
      quote = char
    } else if (char === '{') {
      if (depth === 0) braceAt = index
      depth++
    } else if (char === '}') {
      depth--
      if (depth === 0) {
        result.push({
          prelude: css.slice(start, braceAt).trim(),
          body: css.slice(braceAt + 1, index),
        })
        start = index + 1
      }
    } else if (char === ';' && depth === 0) {
      const text = css.slice(start, index + 1).trim()
      if (text !== ';') result.push({ text })
      start = index + 1
    }
  }
  const rest = css.slice(start).trim()
  if (rest) result.push({ text: rest })
  return result
}

/** Splits a selector list at its top-level commas (not inside :is(), :where(), [..]). */
function selectorList(prelude: string): string[] {
  const selectors: string[] = []
  let depth = 0
  let start = 0
  for (let index = 0; index < prelude.length; index++) {
    const char = prelude[index]
    if (char === '\\') index++
    else if (char === '(' || char === '[') depth++
    else if (char === ')' || char === ']') depth--
    else if (char === ',' && depth === 0) {
      selectors.push(prelude.slice(start, index))
      start = index + 1
    }
  }
  selectors.push(prelude.slice(start))
  return selectors
}

function unescapeIdentifier(escaped: string): string {
  return escaped.replace(/\\([0-9a-fA-F]{1,6}\s?|[^])/g, (_, sequence: string) =>
    /^[0-9a-fA-F]{1,6}\s?$/.test(sequence)
      ? String.fromCodePoint(Number.parseInt(sequence.trim(), 16))
      : sequence
  )
}

/** Removes `:not(...)` groups: a class there must be absent, not present, for a match. */
function withoutNegations(selector: string): string {
  let result = selector
  for (let at = result.indexOf(':not('); at !== -1; at = result.indexOf(':not(')) {
    let depth = 0
    let end = at + 4
    for (; end < result.length; end++) {
      if (result[end] === '\\') end++
      else if (result[end] === '(') depth++
      else if (result[end] === ')' && --depth === 0) break
    }
    result = result.slice(0, at) + result.slice(end + 1)
  }
  return result
}

/** The class names a selector requires, unescaped (`.sm\:px-6` gives `sm:px-6`). */
export function classesOf(selector: string): string[] {
  const names: string[] = []
  const pattern = /\.((?:\\[0-9a-fA-F]{1,6}\s?|\\[^]|[\w-])+)/g
  for (const match of withoutNegations(selector).matchAll(pattern)) {
    names.push(unescapeIdentifier(match[1]))
  }
  return names
}

function matches(prelude: string, used: Set<string>): boolean {
  return selectorList(prelude).some((selector) =>
    classesOf(selector).every((name) => used.has(name))
  )
}

/** At-rules whose body holds rules to filter; the others (keyframes, @property…) stay whole. */
const GROUPING = /^@(media|supports|layer|container|scope|starting-style)\b/

function filterBlock(css: string, used: Set<string>): string {
  let output = ''
  for (const statement of statements(css)) {
    if ('text' in statement) {
      output += statement.text
      continue
    }
    const { prelude, body } = statement
    if (prelude.startsWith('@')) {
      if (!GROUPING.test(prelude)) {
        output += `${prelude}{${body}}`
        continue
      }
      const inner = filterBlock(body, used)
      if (inner) output += `${prelude}{${inner}}`
    } else if (matches(prelude, used)) {
      output += `${prelude}{${body}}`
    }
  }
  return output
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

/** The rules of `css` a page whose elements carry the classes `used` needs to paint. */
export function criticalCss(css: string, used: Set<string>): string {
  return filterBlock(css, used)
}
