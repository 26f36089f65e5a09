/*
|--------------------------------------------------------------------------
| JavaScript entrypoint for running ace commands
|--------------------------------------------------------------------------
|
| Registers the TypeScript loader, then hands over to bin/console.ts.
| Run it with Node 24 (npm scripts put it first on PATH).
*/
import '@poppinss/ts-exec'
await import('./bin/console.js')
