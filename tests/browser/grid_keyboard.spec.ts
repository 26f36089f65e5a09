import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { Page } from 'playwright'
import { createMember } from '#tests/helpers/accounts'

/** What has focus: its test id, the grid column of its cell, and whether it is in the grid. */
/** Waits until the element with this test id has focus (focus moves after a render). */
function focusReaches(page: Page, testId: string) {
  return page.waitForFunction(
    (id) => (document.activeElement as HTMLElement | null)?.dataset.testid === id,
    testId
  )
}

function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null
    return {
      testId: element?.dataset.testid ?? null,
      column: element?.closest('.ag-cell')?.getAttribute('col-id') ?? null,
      inGrid: Boolean(element?.closest('.ag-root-wrapper')),
      tag: element?.tagName ?? null,
    }
  })
}

async function pressUntil(page: Page, key: string, done: () => Promise<boolean>, max = 12) {
  for (let i = 0; i < max && !(await done()); i++) await page.keyboard.press(key)
}

test.group('Resource table by keyboard', () => {
  test('readable columns; edit and delete a row by keyboard; dialogs give focus back on Escape', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'manager' })
    const now = new Date()
    const long =
      `Vehicles on the night shift ${'between the depots and the port '.repeat(8)}`.trim()
    await db.table('device_groups').insert([
      {
        company_id: company.id,
        name: 'Night shift',
        description: long,
        created_at: now,
        updated_at: now,
      },
      { company_id: company.id, name: 'Day shift', created_at: now, updated_at: now },
    ])
    await browserContext.loginAs(user)
    const page = await visit('/backend/settings/device-groups', { timeout: 120_000 })
    await page.waitForSelector('html[data-hydrated]', { timeout: 60_000 })
    await page.waitForSelector('.ag-row[row-index="1"]')

    // Columns a person can read: short values whole, long text in full on hover, and the
    // last column ends where the pinned actions begin.
    const layout = await page.evaluate(() => {
      const nameCell = document.querySelector<HTMLElement>('.ag-row .ag-cell[col-id="name"] > div')!
      const last = [...document.querySelectorAll<HTMLElement>('.ag-header-cell[col-id]')]
        .filter((cell) => cell.getAttribute('col-id') !== '__actions')
        .pop()!
      const actions = document.querySelector<HTMLElement>('.ag-header-cell[col-id="__actions"]')!
      const titles = [
        ...document.querySelectorAll<HTMLElement>('.ag-cell[col-id="description"] [title]'),
      ]
      return {
        nameWhole: nameCell.scrollWidth <= nameCell.clientWidth,
        lastRight: last.getBoundingClientRect().right,
        actionsLeft: actions.getBoundingClientRect().left,
        titles: titles.map((element) => element.title),
      }
    })
    assert.isTrue(layout.nameWhole, 'a short value is shown whole')
    assert.isAtMost(layout.lastRight, layout.actionsLeft + 1)
    assert.include(layout.titles, long)

    // New: Escape gives focus back to the button that opened the dialog.
    await page.focus('[data-testid="create-record"]')
    await page.keyboard.press('Enter')
    await page.waitForSelector('[role="dialog"]')
    await page.keyboard.press('Escape')
    await page.waitForSelector('[role="dialog"]', { state: 'detached' })
    await page.waitForFunction(
      () => (document.activeElement as HTMLElement | null)?.dataset.testid === 'create-record'
    )

    // Tab leaves the grid in one step, forwards and backwards.
    const firstCell = '.ag-row[row-index="0"] .ag-cell[col-id="name"]'
    const leavesGrid = async (key: string) => {
      await page.focus(firstCell)
      // AG Grid registers the focused cell on its focus event's next turn; a key before that
      // is handled as if another cell had focus.
      await page.waitForTimeout(150)
      await page.keyboard.press(key)
      await page
        .waitForFunction(() => !document.activeElement?.closest('.ag-root-wrapper'), null, {
          timeout: 2000,
        })
        .catch(() => {})
      return !(await focused(page)).inGrid
    }
    assert.isTrue(await leavesGrid('Tab'), 'Tab from a cell leaves the grid')
    assert.isTrue(await leavesGrid('Shift+Tab'), 'Shift+Tab from a cell leaves the grid')

    // The arrow keys reach the row's actions cell; Enter moves into it.
    await page.focus(firstCell)
    await pressUntil(page, 'ArrowRight', async () => (await focused(page)).column === '__actions')
    assert.equal((await focused(page)).column, '__actions')
    const rowName = await page.textContent('.ag-row[row-index="0"] .ag-cell[col-id="name"]')
    await page.keyboard.press('Enter')
    await focusReaches(page, 'edit-row')
    assert.equal((await focused(page)).testId, 'edit-row')

    // Edit: Escape closes the form and focus is back on Edit.
    await page.keyboard.press('Enter')
    await page.waitForSelector('#field-name')
    await page.keyboard.press('Escape')
    await page.waitForSelector('[role="dialog"]', { state: 'detached' })
    await page.waitForFunction(
      () => (document.activeElement as HTMLElement | null)?.dataset.testid === 'edit-row'
    )

    // Edit and save with the keyboard only.
    await page.keyboard.press('Enter')
    await page.waitForSelector('#field-name')
    await pressUntil(page, 'Tab', async () =>
      page.evaluate(() => document.activeElement?.id === 'field-name')
    )
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.type('Late shift')
    await page.keyboard.press('Enter')
    await page.assertTextContains('[data-sonner-toaster]', 'Record updated successfully!')
    await page.waitForSelector('.ag-row >> text=Late shift')
    const renamed = await db.from('device_groups').where('name', 'Late shift').first()
    assert.equal(renamed?.company_id, company.id)
    assert.isNull(await db.from('device_groups').where('name', rowName!.trim()).first())
    await page.waitForFunction(
      () => (document.activeElement as HTMLElement | null)?.dataset.testid === 'edit-row'
    )

    // Delete: the arrow key moves to Delete; Escape returns focus to it; then confirm.
    await page.keyboard.press('ArrowRight')
    await focusReaches(page, 'delete-row')
    assert.equal((await focused(page)).testId, 'delete-row')
    await page.keyboard.press('Enter')
    await page.waitForSelector('[data-testid="confirm"]')
    await page.keyboard.press('Escape')
    await page.waitForSelector('[role="dialog"]', { state: 'detached' })
    await page.waitForFunction(
      () => (document.activeElement as HTMLElement | null)?.dataset.testid === 'delete-row'
    )
    await page.keyboard.press('Enter')
    await page.waitForSelector('[data-testid="confirm"]')
    await pressUntil(page, 'Tab', async () => (await focused(page)).testId === 'confirm')
    await page.keyboard.press('Enter')
    await page.assertTextContains('[data-sonner-toaster]', 'Item deleted successfully')
    await page.waitForFunction(() => document.querySelectorAll('.ag-row[row-id]').length === 1)
    assert.isNull(await db.from('device_groups').where('name', 'Late shift').first())
  }).timeout(240_000)
})
