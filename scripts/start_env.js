/**
 * The environment `npm start` gives the server: the process environment over `.env`,
 * with the defaults README.md documents. APP_URL is only what the user set; without it
 * the public address follows the port (`http://localhost:$PORT`), so `PORT=4101 npm start`
 * e-mails links to 4101.
 */

/** What `npm start` wrote into `.env` before APP_URL followed the port: not the user's choice. */
const LEGACY_GENERATED_APP_URL = 'http://localhost:3333'

/**
 * @param {Record<string, string>} dotEnv
 * @param {Record<string, string | undefined>} processEnv
 * @returns {Record<string, string>}
 */
export function startEnv(dotEnv, processEnv) {
  const fromFile = { ...dotEnv }
  if (fromFile.APP_URL === '' || fromFile.APP_URL === LEGACY_GENERATED_APP_URL) {
    delete fromFile.APP_URL
  }
  /** @type {Record<string, string>} */
  const env = { ...fromFile, ...processEnv, NODE_ENV: 'production' }
  env.PORT ||= '3333'
  env.HOST ||= '0.0.0.0'
  env.APP_URL ||= `http://localhost:${env.PORT}`
  return env
}
