import type { Data } from '~generated/data'

/**
 * The props every page receives: generated (.adonisjs/client/data.d.ts, `node ace codegen`)
 * from what app/middleware/inertia_middleware.ts `share()` returns, never restated here.
 */
export type SharedProps = Data.SharedProps
