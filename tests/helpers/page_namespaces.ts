import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import app from '@adonisjs/core/services/app'
import ts from 'typescript'

/**
 * The translation keys a page's client code can ask for, read from its sources: every string
 * literal of the page's module, of everything it imports (statically or lazily, transitively)
 * and of its layout, that is a translation key ('live.map.title') or the fixed start of a
 * template literal that keys begin with (`crud.${key}.fields` gives 'crud.'). Conservative:
 * a lazily imported dialog counts although it may never open.
 */

const sourceCache = new Map<string, string[]>()

function resolveImport(specifier: string, from: string): string | null {
  let base: string
  if (specifier.startsWith('~/')) base = app.makePath('inertia', specifier.slice(2))
  else if (specifier.startsWith('#shared/')) base = app.makePath('app/shared', specifier.slice(8))
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier)
  else return null
  base = base.replace(/\.js$/, '')
  for (const candidate of [`${base}.tsx`, `${base}.ts`, base, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  return null
}

/**
 * The string literals of a file, and the fixed heads of its template literals, read with the
 * TypeScript parser (an apostrophe in a comment or JSX text does not shift the quotes).
 */
function literalsOf(file: string): string[] {
  const cached = sourceCache.get(file)
  if (cached) return cached
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  )
  const literals: string[] = []
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node)
    ) {
      literals.push(node.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  sourceCache.set(file, literals)
  return literals
}

/**
 * The layout loader: it imports every layout, but a page is rendered in one, which the caller
 * names.
 */
const LAYOUT_LOADER = app.makePath('inertia/lib/layouts.ts')

function closureOf(roots: string[]): Set<string> {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    if (file === LAYOUT_LOADER) return
    const source = readFileSync(file, 'utf8')
    for (const match of source.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"]+)['"]/g)) {
      const target = resolveImport(match[1], file)
      if (target && /\.tsx?$/.test(target)) visit(target)
    }
  }
  roots.forEach(visit)
  return seen
}

/** The namespaces of the keys among `literals`: leaf keys, or prefixes of keys. */
export function namespacesOfKeys(literals: Iterable<string>, keys: string[]): Set<string> {
  const leaves = new Set(keys)
  const namespaces = new Set<string>()
  for (const literal of literals) {
    const match = /^([a-z_]+)\.(?:[A-Za-z0-9_.-]*)$/.exec(literal)
    if (!match) continue
    const namespace = match[1]
    if (
      leaves.has(literal) ||
      (literal.endsWith('.') && keys.some((key) => key.startsWith(literal)))
    ) {
      namespaces.add(namespace)
    }
  }
  return namespaces
}

/** The namespaces a page's sources (its module, its imports and its layout's) ask for. */
export function namespacesUsedBy(component: string, layoutFile: string, keys: string[]) {
  const files = closureOf([
    app.makePath('inertia/pages', `${component}.tsx`),
    app.makePath('inertia/layouts', layoutFile),
    app.makePath('inertia/layouts/app_layout.tsx'),
  ])
  const literals = [...files].flatMap((file) => literalsOf(file))
  return namespacesOfKeys(literals, keys)
}

/** Every string inside a value (a page's props), for keys the server hands to the client. */
export function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value)
  else if (Array.isArray(value)) value.forEach((item) => stringsIn(item, out))
  else if (value && typeof value === 'object') {
    Object.values(value).forEach((item) => stringsIn(item, out))
  }
  return out
}
