import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

export default class PostsImport extends BaseCommand {
  static commandName = 'posts:import'
  static description =
    'Import the public site posts (Markdown with YAML front matter); running it again changes nothing'
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'Directory of the posts', default: 'content/posts' })
  declare dir: string

  async run() {
    const { importPosts } = await import('#services/site/post_importer')
    try {
      const report = await importPosts(this.app.makePath(this.dir))
      for (const { file, message } of report.errors) this.logger.error(`${file}: ${message}`)
      this.logger.success(
        `posts: ${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged`
      )
      if (report.errors.length > 0) this.exitCode = 1
    } catch (error) {
      this.logger.error((error as Error).message)
      this.exitCode = 1
    }
  }
}
