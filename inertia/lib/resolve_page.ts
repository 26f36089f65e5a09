import type { Page } from '@inertiajs/core'
import type { ResolvedComponent } from '@inertiajs/react'
import { resolvePageComponent } from '@adonisjs/inertia/helpers'
import AppLayout from '~/layouts/app_layout'
import { layoutOf, loadLayout } from '~/lib/layouts'
import type { SharedProps } from '~/types'

const pages = import.meta.glob<{ default: ResolvedComponent }>('../pages/**/*.tsx')

/**
 * Loads a page lazily (map pages must never load on the server), and its layout with it
 * (lib/layouts.ts), and gives it the app layout.
 */
export async function resolvePage(name: string, page?: Page): Promise<ResolvedComponent> {
  const props = page?.props as Partial<SharedProps> | undefined
  const [module] = await Promise.all([
    resolvePageComponent(`../pages/${name}.tsx`, pages),
    loadLayout(layoutOf(name, props)),
  ])
  const component = module.default
  component.layout ??= AppLayout
  return component
}
