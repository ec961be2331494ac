/**
 * Security headers, per kind of answer:
 * - pages (server rendering): helmet with a Content-Security-Policy that allows scripts
 *   only from this origin and the per-request nonce on the inline hydration scripts;
 * - API answers: a fixed set computed once (JSON needs no nonce, and this path is hot);
 * - the API documentation: helmet's defaults, which Swagger UI works under.
 */
import helmet from "@fastify/helmet";
import type { FastifyInstance, onRequestHookHandler } from "fastify";

export async function registerPageSecurityHeaders(app: FastifyInstance, options: { dev: boolean }): Promise<void> {
  await app.register(helmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(options.dev ? ["'unsafe-inline'"] : [])],
        // Radix primitives and the scroll lock add inline styles at run time. The
        // -elem/-attr directives take precedence over style-src (which carries the nonce).
        styleSrc: ["'self'"],
        styleSrcElem: ["'self'", "'unsafe-inline'"],
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", ...(options.dev ? ["ws:", "wss:"] : [])],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // The social sign-in popup posts its result back to window.opener; "same-origin"
    // would sever that link when the popup passes through the provider's site.
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
    hsts: false,
  });
}

const apiHeaders = Object.freeze({
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "cross-origin-resource-policy": "same-origin",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
});

/** Adds the fixed API security headers to every answer of the scope it is added to. */
export const apiSecurityHeaders: onRequestHookHandler = (_request, reply, done) => {
  reply.headers(apiHeaders);
  done();
};

export async function registerDocsSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, { hsts: false });
}
