/*
| /health (the process is alive) and /ready (the database answers, the listener accepts),
| for supervisors and load balancers.
*/
import router from '@adonisjs/core/services/router'

const HealthController = () => import('#controllers/system/health_controller')

router.get('/health', [HealthController, 'health']).as('health')
router.get('/ready', [HealthController, 'ready']).as('ready')
