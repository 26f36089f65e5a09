import { useSyncExternalStore, type ReactNode } from 'react'

const subscribeNever = () => () => {}

/** False on the server and while hydrating, true once the page runs in the browser. */
export function useIsClient() {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false
  )
}

/** Renders `children` in the browser only, `fallback` on the server and during hydration. */
export function ClientOnly({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  return useIsClient() ? children : fallback
}
