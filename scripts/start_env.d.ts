/** See start_env.js. */
export function startEnv(
  dotEnv: Record<string, string>,
  processEnv: Record<string, string | undefined>
): Record<string, string>
