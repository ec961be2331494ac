/**
 * Mounts better-auth under /api/auth. Its handler reads raw bodies: this subtree reads
 * them itself, at most 64 KB (counted as they arrive, http/edge.ts), and hands the bytes
 * over untouched. Sign-in, sign-up and password-reset requests are rate-limited
 * per client address (the /api scope registers @fastify/rate-limit); errors are rewritten into the API's one error shape
 * (`{ error: { code, message, reason } }`, reason = better-auth's code).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AUTH_BODY_LIMIT, registerBoundedRawBody } from "../../http/edge.ts";
import { statusCodeName } from "../../http/errors.ts";
import { sendFetchResponse, toFetchRequest } from "../../http/fetch.ts";
import { type Auth, CLIENT_IP_HEADER } from "./auth.ts";

/** The endpoints a password guesser or a mail bomber would hammer. */
const LIMITED_PATHS = [
  "/sign-in/email",
  "/sign-up/email",
  "/request-password-reset",
  "/reset-password",
  "/send-verification-email",
  "/change-password",
  // A code guesser: the plugin also locks the account after 10 wrong codes.
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
  "/two-factor/enable",
  "/two-factor/disable",
] as const;

export function authRoutes(auth: Auth, options: { perIpPerMinute: number; probe: () => Promise<void> }) {
  return async (app: FastifyInstance) => {
    registerBoundedRawBody(app, AUTH_BODY_LIMIT);

    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      // better-auth records and rate-keys this address; only Fastify's view of it counts.
      const response = await auth.handler(toFetchRequest(request, reply, { [CLIENT_IP_HEADER]: request.ip }));
      // better-auth answers a database outage as its own 500: the probe makes it the API's 503.
      if (response.status >= 500) await options.probe();
      return sendFetchResponse(reply, await inOurErrorShape(response));
    };
    // better-auth's endpoints are its own contract (spec section 7): the OpenAPI document
    // describes them in its text instead of listing schema-less routes.
    const schema = { hide: true };
    for (const path of LIMITED_PATHS) {
      app.post(
        path,
        { schema, config: { rateLimit: { max: options.perIpPerMinute, timeWindow: "1 minute" } } },
        handle,
      );
    }
    app.all("/*", { schema }, handle);
  };
}

async function inOurErrorShape(response: Response): Promise<Response> {
  const type = response.headers.get("content-type") ?? "";
  if (response.status < 400 || !type.includes("application/json")) return response;
  const body: unknown = await response.json().catch(() => ({}));
  const { code, message } = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  const error = {
    code: statusCodeName(response.status),
    message:
      response.status < 500 && typeof message === "string" && message
        ? sentence(withoutFieldPrefix(message))
        : "The request could not be completed. Please try again.",
    ...(typeof code === "string" ? { reason: code } : {}),
  };
  return new Response(JSON.stringify({ error }), { status: response.status, headers });
}

/** better-auth's validation messages start with the field's path ("[body.email] …"): people need only the rest. */
function withoutFieldPrefix(message: string): string {
  return message.replace(/^\[[\w.]+\]\s*/, "");
}

function sentence(message: string): string {
  const trimmed = message.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
