/**
 * A real OpenID Connect provider on loopback (the `oidc-provider` package) for the social
 * sign-in tests. Its built-in development login accepts any login name; the account's
 * subject is that name, its email `{name}@oidc.example` (verified unless the name
 * starts with "unverified").
 */
import Provider from "oidc-provider";

export const OIDC_CLIENT = { id: "atelier-e2e", secret: "atelier-e2e-secret-for-loopback-tests" };

export async function startOidcProvider(options: { port: number; redirectUris: string[] }) {
  const issuer = `http://127.0.0.1:${options.port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: options.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    cookies: { keys: ["loopback-test-cookie-key"] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_context, id) {
      return {
        accountId: id,
        async claims() {
          const name = id.replace(/[^a-z0-9]+/gi, " ").trim() || "Social Shopper";
          return {
            sub: id,
            email: `${id.toLowerCase().replace(/[^a-z0-9.-]/g, "")}@oidc.example`,
            email_verified: !id.startsWith("unverified"),
            name: name.replace(/\b\w/g, (c) => c.toUpperCase()),
          };
        },
      };
    },
  });
  const server = provider.listen(options.port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
