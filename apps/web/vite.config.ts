import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompress()],
  build: { assetsInlineLimit: 0 },
  // The server build imports the contract rather than bundling a copy: the API and the
  // server-rendered pages then share one set of zod schemas, and with it one schema
  // registry (a second copy registered every `.meta({ id })` again, and the OpenAPI
  // document of the running shop failed on "Duplicate schema id").
  environments: {
    ssr: { build: { rolldownOptions: { external: [/^@atelier\/contract(?:\/|$)/] } } },
    client: {
      build: {
        rolldownOptions: {
          output: { codeSplitting: { groups: [{ name: clientChunk, debugName: "framework and shell" }] } },
        },
      },
    },
  },
});

/**
 * Two shared chunks instead of ~25 small ones on every storefront page: the framework
 * (React, React DOM, React Router) and the shop's shell (layout, navigation, the small
 * lib helpers). A phone over HTTP/1.1 fetches six files at a time, so each extra round
 * of tiny scripts delayed the stylesheet and the first paint; one file also compresses
 * better than its parts. Modules the shell loads on demand (drawer, overflow menu,
 * sign-in client, guest identity, the menus' builder and panel) and the lazy regions the
 * server renders whole (the footer, the icon sprite: components/lazy-region.tsx) stay out,
 * so they stay lazy; so do the admin's store-time helpers (date-fns). A group takes its modules' dependencies with it, so a shell module
 * must import only types and `@atelier/contract/constants` from the contract: a value from
 * its index brings every zod schema (test/storefront-bundle.test.ts guards it).
 */
function clientChunk(id: string): string | null {
  if (/\/node_modules\/(?:react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)\//.test(id)) {
    return "framework";
  }
  // Re-exported by the constants every page uses, but needed only by the password forms
  // (the policy and its list of common passwords) and the admin (permissions): chunks of
  // their own, or the shell would pull them in as the constants' dependencies.
  if (/\/packages\/contract\/src\/(?:password-policy|common-passwords)\.ts$/.test(id)) return "password-policy";
  if (/\/packages\/contract\/src\/permissions\.ts$/.test(id)) return "permissions";
  // The activity log's action labels: the admin's only.
  if (/\/packages\/contract\/src\/activity-actions\.ts$/.test(id)) return "activity-actions";
  const shell =
    /\/apps\/web\/app\/(?:components|lib|features\/(?:layout|navigation|search|identity))\/[^/]+\.tsx?$/.test(id) ||
    /\/packages\/contract\/src\/(?:constants|shop-api-paths)\.ts$/.test(id);
  // Loaded on demand, or used by the admin (or the server) only: keeping them in the
  // shell would put them on every storefront page.
  const elsewhere =
    /(?:nav-drawer|overflow-menu|suggestion-popup|form-field|auth-client|auth-errors|oauth-popup|guest|admin-paths|store-time|build-navigation|mega-menu|category-panel|layout\/footer|icon-sprite|\.server)\.tsx?$/;
  return shell && !elsewhere.test(id) ? "shell" : null;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `.br` and `.gz` next to every text asset of the browser build, compressed once
 * at the highest levels (too slow per request, free at build time). The server answers
 * them with @fastify/static's `preCompressed` (apps/server/src/http/web.ts), so the
 * hashed scripts and styles cost no compression work at run time.
 */
function precompress(): Plugin {
  return {
    name: "atelier:precompress",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      const files = Object.keys(bundle).filter((file) => /\.(?:js|css|svg|json|txt|webmanifest)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(dir, file);
          const body = await readFile(full);
          if (body.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gzipAsync(body, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gz)]);
        }),
      );
    },
  };
}
