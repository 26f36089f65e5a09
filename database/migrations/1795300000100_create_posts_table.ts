import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The public site's content pages (features, products, fleet, blog, FAQs, tutorials,
 * why, company and legal), one row per language. Rows are written by `node ace posts:import`
 * from content/posts; a post's translations share its `key`.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('posts', (table) => {
      table.increments('id')
      table.string('key', 120).notNullable()
      table.string('slug', 160).notNullable()
      table.string('language', 5).notNullable()
      table.string('name', 200).notNullable()
      table.string('category', 20).notNullable()
      table.text('summary').nullable()
      table.text('body_markdown').notNullable()
      table.text('body_html').notNullable()
      table.string('seo_title', 200).nullable()
      table.string('seo_description', 400).nullable()
      table.string('cover_image', 300).nullable()
      table.integer('sort_order').notNullable().defaultTo(0)
      table.boolean('coming_soon').notNullable().defaultTo(false)
      table.timestamp('published_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).nullable()
      table.unique(['language', 'slug'])
      table.unique(['key', 'language'])
      table.index(['language', 'category', 'sort_order'])
    })
    this.schema.raw(`ALTER TABLE posts
      ADD CONSTRAINT posts_language_check CHECK (language IN ('en', 'tr')),
      ADD CONSTRAINT posts_category_check CHECK (category IN
        ('feature', 'product', 'fleet', 'faq', 'tutorial', 'blog', 'why', 'company', 'legal'))`)
  }

  async down() {
    this.schema.dropTable('posts')
  }
}
