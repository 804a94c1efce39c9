/** Development is opt-in (`.dev.vars`); anything else is treated as production. */
export function isDevelopment(env: Pick<Env, "ENVIRONMENT">): boolean {
  return env.ENVIRONMENT === "development";
}
