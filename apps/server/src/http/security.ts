/**
 * Security headers. The Content-Security-Policy allows scripts only from this origin
 * and the per-request nonce that server rendering puts on its inline hydration scripts.
 */
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

export async function registerSecurityHeaders(app: FastifyInstance, options: { dev: boolean }): Promise<void> {
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
    hsts: false,
  });
}
