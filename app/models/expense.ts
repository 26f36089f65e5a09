import { ExpenseSchema } from '#database/schema'

/** A cost of the fleet, in integer cents. */
export default class Expense extends ExpenseSchema {}
