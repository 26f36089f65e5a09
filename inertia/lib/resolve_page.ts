import type { ResolvedComponent } from '@inertiajs/react'
import { resolvePageComponent } from '@adonisjs/inertia/helpers'
import AppLayout from '~/layouts/app_layout'

const pages = import.meta.glob<{ default: ResolvedComponent }>('../pages/**/*.tsx')

/** Loads a page lazily (map pages must never load on the server) and gives it the app layout. */
export async function resolvePage(name: string): Promise<ResolvedComponent> {
  const module = await resolvePageComponent(`../pages/${name}.tsx`, pages)
  const page = module.default
  page.layout ??= AppLayout
  return page
}
