import loggerConfig from '#config/logger'
import { withoutTransportThread } from '../listener_boot.js'

export default withoutTransportThread(loggerConfig)
