import {
  commandActions,
  commandProtocols,
  type CommandAction,
  type CommandProtocol,
} from '#shared/fleet_enums'
import {
  ENGINE_BLOCK_COMMAND as TELTONIKA_BLOCK,
  ENGINE_UNBLOCK_COMMAND as TELTONIKA_UNBLOCK,
  customCommandPayload,
  encodeCodec12Command,
} from '#tracking/protocols/teltonika/teltonika_encoder'
import {
  ENGINE_BLOCK_COMMAND as GT06_BLOCK,
  ENGINE_UNBLOCK_COMMAND as GT06_UNBLOCK,
  encodeGt06Command,
} from '#tracking/protocols/gt06/gt06_encoder'

export { commandActions, commandProtocols, type CommandAction, type CommandProtocol }

export const MAX_CUSTOM_COMMAND_LENGTH = 200

export type BuiltCommand = {
  protocol: CommandProtocol
  action: CommandAction
  /** The command as typed in an SMS or a configurator (`setdigout 1`, `Relay,1#`). */
  text: string
  /** The packet the server sends over the device's TCP connection, hex. */
  hex: string
  /** The packet's size in bytes. */
  length: number
}

export class CommandInputError extends Error {}

/**
 * Builds a tracker command: the text form and the binary packet FleetTrack sends over TCP
 * (Teltonika Codec 12, GT06 0x80 online command). A custom Teltonika command made only of
 * hex digit pairs is sent as raw bytes, like the listener does. Pure: no I/O.
 */
export function buildCommand(
  protocol: CommandProtocol,
  action: CommandAction,
  custom = '',
  serverFlag = 0
): BuiltCommand {
  let text: string
  if (action === 'engine_block') text = protocol === 'teltonika' ? TELTONIKA_BLOCK : GT06_BLOCK
  else if (action === 'engine_unblock') {
    text = protocol === 'teltonika' ? TELTONIKA_UNBLOCK : GT06_UNBLOCK
  } else {
    text = custom.trim()
    if (!text) throw new CommandInputError('empty')
    if (text.length > MAX_CUSTOM_COMMAND_LENGTH) throw new CommandInputError('too_long')
    if (!/^[\x20-\x7e]+$/.test(text)) throw new CommandInputError('not_ascii')
  }
  const packet =
    protocol === 'teltonika'
      ? encodeCodec12Command(action === 'custom' ? customCommandPayload(text) : text)
      : encodeGt06Command(text, { serverFlag })
  return {
    protocol,
    action,
    text,
    hex: packet.toString('hex').toUpperCase(),
    length: packet.length,
  }
}
