import { BaseSeeder } from '@adonisjs/lucid/seeders'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import { importPosts } from '#services/site/post_importer'

/** The public site's posts from content/posts (the same import as `node ace posts:import`). */
export default class PostsSeeder extends BaseSeeder {
  async run() {
    const report = await importPosts(app.makePath('content/posts'))
    for (const { file, message } of report.errors) logger.error(`${file}: ${message}`)
    logger.info(
      `posts: ${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged`
    )
  }
}
