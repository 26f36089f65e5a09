import type {
  RawQueryBindings,
  DatabaseQueryBuilderContract,
} from '@adonisjs/lucid/types/querybuilder'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'

let cursorCount = 0

/**
 * Every row of a query in batches through a server-side cursor (report exports, scheduled
 * reports and the tables' CSV/XLSX exports): one pass over the query,
 * where OFFSET paging would compute every earlier row again for each batch. A cursor lives in
 * a transaction: the client's own when it is one, else a read-only one held while streaming.
 */
export async function* cursorBatches(
  client: QueryClientContract,
  query: DatabaseQueryBuilderContract,
  batchSize: number
): AsyncGenerator<Record<string, unknown>[]> {
  const size = Math.max(1, Math.floor(batchSize))
  const trx = client.isTransaction ? client : await client.transaction()
  const cursor = `report_rows_${++cursorCount}`
  let next: Promise<Record<string, unknown>[]> | undefined
  try {
    // An export reads every row: plan for all of them, not for a cursor's first 10 %.
    if (trx !== client) await trx.rawQuery('SET LOCAL cursor_tuple_fraction = 1')
    const { sql, bindings } = query.toSQL()
    await trx.rawQuery(
      `DECLARE ${cursor} NO SCROLL CURSOR FOR ${sql}`,
      bindings as RawQueryBindings
    )
    const fetch = () =>
      trx
        .rawQuery(`FETCH ${size} FROM ${cursor}`)
        .then((result) => result.rows as Record<string, unknown>[])
    // The next batch is on its way while the caller writes this one.
    next = fetch()
    while (true) {
      const rows = await next
      const more = rows.length === size
      if (more) next = fetch()
      if (rows.length > 0) yield rows
      if (!more) break
    }
  } finally {
    await next?.catch(() => {})
    if (trx === client) await trx.rawQuery(`CLOSE ${cursor}`).catch(() => {})
    else await (trx as TransactionClientContract).rollback()
  }
}
