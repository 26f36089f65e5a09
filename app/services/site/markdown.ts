import { Marked, type Tokens } from 'marked'

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')

const SAFE_HREF = /^(https?:|mailto:|tel:|\/|#)/i

/**
 * Markdown of the site's posts to HTML (GitHub-flavoured). Raw HTML in the source is shown
 * as text and links other than http(s), mailto, tel, site paths and anchors lose their
 * address: the rendered body is inserted into pages as is.
 */
const markdown = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text)
    },
    link(token: Tokens.Link) {
      const text = this.parser.parseInline(token.tokens)
      const href = token.href.trim()
      if (!SAFE_HREF.test(href)) return text
      const title = token.title ? ` title="${escapeHtml(token.title)}"` : ''
      const rel = /^https?:/i.test(href) ? ' rel="noopener"' : ''
      return `<a href="${escapeHtml(href)}"${title}${rel}>${text}</a>`
    },
  },
})

export function renderMarkdown(source: string): string {
  return markdown.parse(source, { async: false }) as string
}

export { escapeHtml }
