/**
 * `npm run dev`: the same server as `npm start`, with the web app served by Vite in
 * middleware mode (hot module replacement, no build step) instead of the built bundle.
 */
import "./development-mode.ts";
import { fileURLToPath } from "node:url";
import middie from "@fastify/middie";
import type { ServerBuild } from "react-router";
import { startOrExit } from "./main.ts";

const webRoot = fileURLToPath(new URL("../../web", import.meta.url));

startOrExit({
  web: async (app) => {
    const { createServer } = await import("vite");
    const signalHandlers = new Set(process.listeners("SIGTERM"));
    const vite = await createServer({ root: webRoot, server: { middlewareMode: true }, appType: "custom" });
    // React Router's plugin starts Vite servers of its own (its child compiler), which
    // are not in middleware mode and so exit the process on SIGTERM, before the graceful
    // shutdown below has stopped the database. Shutting down is the shop's: Vite closes
    // with the app.
    for (const handler of process.listeners("SIGTERM")) {
      if (!signalHandlers.has(handler)) process.off("SIGTERM", handler);
    }
    app.addHook("onClose", () => vite.close());
    await app.register(middie);
    app.use((request, response, next) => {
      // The API is Fastify's; everything else may be a Vite module or asset.
      if (request.url?.startsWith("/api/")) return next();
      vite.middlewares(request, response, next);
    });
    // Modules loaded through Vite: their types are those of the packages they come from.
    const reactRouter = (await vite.ssrLoadModule("react-router")) as typeof import("react-router");
    return {
      mode: "development",
      loadBuild: async () => (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild,
      createRequestHandler: reactRouter.createRequestHandler,
    };
  },
});
