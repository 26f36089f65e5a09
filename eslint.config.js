import { configApp } from '@adonisjs/eslint-config'
import { react } from '@adonisjs/eslint-config/react'

export default configApp(
  ...react,
  {
    ignores: ['.data/**', 'content/**', 'scripts/**', 'benchmarks/**/*.js', 'database/schema.ts'],
  },
  {
    files: ['tests/**/*.ts'],
    rules: {
      // `(await client.read(4))?.toString('hex')` reads best in assertions.
      '@unicorn/no-await-expression-member': 'off',
    },
  },
  {
    files: ['inertia/**/*.{ts,tsx}'],
    rules: {
      // app/shared holds pure modules (route table, locales) made for both sides.
      '@adonisjs/no-backend-import-in-frontend': ['error', { allowed: ['#shared/*'] }],
      // Links go through ~/lib/routes (RouteLink), which builds the path in the page's language.
      '@adonisjs/prefer-adonisjs-inertia-link': 'off',
    },
  }
)
