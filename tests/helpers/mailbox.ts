import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  from: string
  to: string[]
  raw: string
}

/**
 * A real SMTP server on the port `npm test` chose (SMTP_PORT); the app sends to it
 * over TCP like to any mail server. Tests read what it received.
 */
class Mailbox {
  messages: ReceivedMail[] = []
  #server: SMTPServer | null = null

  async start(port: number) {
    this.#server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          this.messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          })
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => this.#server!.listen(port, '127.0.0.1', resolve))
  }

  async stop() {
    await new Promise<void>((resolve) =>
      this.#server ? this.#server.close(() => resolve()) : resolve()
    )
  }

  clear() {
    this.messages = []
  }

  /** The last mail sent to the address, with quoted-printable soft breaks undone. */
  lastTo(address: string): ReceivedMail & { text: string } {
    const mail = [...this.messages].reverse().find((message) => message.to.includes(address))
    if (!mail) throw new Error(`No mail was sent to ${address}`)
    const text = mail.raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    return { ...mail, text }
  }

  /** The first link of the last mail to the address that contains `pathPart`. */
  linkTo(address: string, pathPart: string): URL {
    const { text } = this.lastTo(address)
    const links = text.match(/https?:\/\/[^\s"'<>]+/g) ?? []
    const link = links.find((candidate) => candidate.includes(pathPart))
    if (!link) throw new Error(`No link containing ${pathPart} in the mail to ${address}`)
    return new URL(link.replace(/&amp;/g, '&'))
  }
}

export const mailbox = new Mailbox()
