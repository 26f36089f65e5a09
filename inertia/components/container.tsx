import { clsx } from 'clsx'
import type { ComponentProps } from 'react'

/** The public site's content width (the header and footer line up with it). */
export function Container({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div className={clsx('mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8', className)} {...props} />
  )
}
