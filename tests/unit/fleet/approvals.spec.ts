import { test } from '@japa/runner'
import { actionsFrom, approvalActions, nextStatus, requestStatuses } from '#shared/approvals'

test.group('Approval transitions', () => {
  test('the allowed moves, and nothing else', ({ assert }) => {
    const allowed: Record<string, string> = {}
    for (const status of requestStatuses) {
      for (const action of approvalActions) {
        const to = nextStatus(status, action)
        if (to) allowed[`${status} ${action}`] = to
      }
    }
    assert.deepEqual(allowed, {
      'pending confirm': 'approved',
      'pending reject': 'rejected',
      'approved reject': 'rejected',
      'approved done': 'done',
    })
  })

  test('what each status offers; rejected and done are final', ({ assert }) => {
    assert.deepEqual(actionsFrom('pending'), ['confirm', 'reject'])
    assert.deepEqual(actionsFrom('approved'), ['reject', 'done'])
    assert.deepEqual(actionsFrom('rejected'), [])
    assert.deepEqual(actionsFrom('done'), [])
    assert.deepEqual(actionsFrom('unknown'), [])
  })
})
