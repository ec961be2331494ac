/** Loopback ports of the browser-test stack (see stack.ts). */
const app = Number(process.env.E2E_PORT ?? 4310);
export const e2ePorts = { app, mailApi: app + 1, oidc: app + 2 } as const;

/** Credentials of the demo admin the stack seeds (DEMO_ADMIN_PASSWORD in playwright.config.ts). */
export const demoAdmin = { email: "admin@atelier.example", password: "e2e-demo-admin-pass-9" } as const;
