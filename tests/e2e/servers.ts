// Where the two servers of the browser suite listen (playwright.config.ts starts them).
// E2E_PORT / E2E_RENDERER_PORT let several checkouts run their journeys side by side.
export const PORT = Number(process.env.E2E_PORT ?? 5174);
export const RENDERER_PORT = process.env.E2E_RENDERER_PORT ?? "8789";
export const baseURL = `http://localhost:${PORT}`;
// The production build with ENVIRONMENT=production (production.spec.ts); E2E_PRODUCTION_PORT when
// PORT + 100 is taken.
export const PRODUCTION_PORT = Number(process.env.E2E_PRODUCTION_PORT ?? PORT + 100);
export const productionURL = `http://localhost:${PRODUCTION_PORT}`;
// Its D1 and R2 state (playwright.config.ts wipes it before the server starts); production.spec.ts
// writes rows and objects there as the app would have stored them.
export const PRODUCTION_STATE = ".wrangler/e2e-production";
