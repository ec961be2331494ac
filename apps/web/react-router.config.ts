import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  future: {
    // `npm run dev`: Vite pre-bundles the dependencies of every route at start, not of
    // the first page visited, so opening another page later (the admin, say) does not
    // discover new ones, re-bundle them and reload the browser mid-render.
    unstable_optimizeDeps: true,
  },
} satisfies Config;
