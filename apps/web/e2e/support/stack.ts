/**
 * What the browser tests run against (playwright.config.ts starts it): a real SMTP
 * server and a real OpenID provider on loopback, then the shop itself (`start()` from
 * main.ts, the same path as `npm start`) wired to both. The received mail is readable
 * over HTTP (GET /messages?to=…) so tests in the Playwright process can follow links.
 */
import http from "node:http";
import { start } from "../../../server/src/main.ts";
import { startMailServer } from "../../../server/test/support/mail-server.ts";
import { OIDC_CLIENT, startOidcProvider } from "./oidc-provider.ts";
import { e2ePorts } from "./ports.ts";

const appUrl = `http://127.0.0.1:${e2ePorts.app}`;
const mail = await startMailServer();
const oidc = await startOidcProvider({
  port: e2ePorts.oidc,
  // The popup flow (oauth-popup plugin) returns through better-auth's core callback;
  // a redirect sign-in through generic-oauth's own.
  redirectUris: [`${appUrl}/api/auth/callback/oidc`, `${appUrl}/api/auth/oauth2/callback/oidc`],
});

const mailApi = http.createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://localhost");
  const to = url.searchParams.get("to")?.toLowerCase();
  const messages = mail.messages.filter((message) => !to || message.to.some((address) => address.toLowerCase() === to));
  response.writeHead(200, { "content-type": "application/json" });
  response.end(JSON.stringify(messages));
});
mailApi.listen(e2ePorts.mailApi, "127.0.0.1");

Object.assign(process.env, {
  PORT: String(e2ePorts.app),
  HOST: "127.0.0.1",
  PUBLIC_URL: appUrl,
  SMTP_URL: mail.url,
  OIDC_ISSUER: oidc.issuer,
  OIDC_CLIENT_ID: OIDC_CLIENT.id,
  OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
  OIDC_NAME: "Loopback ID",
  // Reports (issue 17): no demo orders; the specs that need orders write their own.
  SEED_DEMO_ORDERS: "0",
  // Webhooks (issue 38): the webhooks spec's receiver listens on loopback.
  WEBHOOKS_ALLOW_PRIVATE_NETWORKS: "true",
});

await start({
  onClose: async () => {
    mailApi.close();
    await Promise.all([mail.close(), oidc.close()]);
  },
});
