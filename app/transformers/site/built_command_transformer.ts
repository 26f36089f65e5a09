import { BaseTransformer } from '@adonisjs/core/transformers'
import type { BuiltCommand } from '#services/site/command_builder'

/**
 * A tracker command as the command builder shows it: its text and the packet sent over
 * TCP, in hex, with its size (`Data.Site.BuiltCommand`).
 */
export default class BuiltCommandTransformer extends BaseTransformer<BuiltCommand> {
  toObject() {
    const { protocol, action, text, hex, length } = this.resource
    return { protocol, action, text, hex, length }
  }
}

export function builtCommandForPage(command: BuiltCommand) {
  return new BuiltCommandTransformer(command).toObject()
}
