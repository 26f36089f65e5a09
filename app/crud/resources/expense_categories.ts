import { defineReferenceList } from '#crud/reference_list'
import ExpenseCategory from '#models/expense_category'

/** Categories of fleet expenses: a name unique in the company and a description. */
export const expenseCategoriesResource = defineReferenceList({
  key: 'expense_categories',
  table: 'expense_categories',
  model: ExpenseCategory,
})
