import { BaseTransformer } from '@adonisjs/core/transformers'
import type CommandTemplate from '#models/command_template'

/**
 * A saved command as the commands page lists and sends it; the page's type is generated from
 * this class (`Data.Settings.CommandTemplate`).
 */
export default class CommandTemplateTransformer extends BaseTransformer<CommandTemplate> {
  toObject() {
    const template = this.resource
    return {
      id: template.id,
      protocol: template.protocol,
      name: template.name,
      text: template.text,
    }
  }
}

export function commandTemplateForList(template: CommandTemplate) {
  return new CommandTemplateTransformer(template).toObject()
}
