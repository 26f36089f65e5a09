import { ExpenseCategorySchema } from '#database/schema'

export default class ExpenseCategory extends ExpenseCategorySchema {}
