/**
 * Remix options, read by the Remix Vite plugin in vite.config.ts.
 *
 * Every v3 future flag is on, so the move to React Router v7 is a codemod.
 * Routes are declared in app/routes.ts (v3_routeConfig).
 */
import type { VitePluginConfig } from "@remix-run/dev";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export const remixConfig: VitePluginConfig = {
  appDirectory: "app",
  buildDirectory: "build",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
    v3_routeConfig: true,
  },
};
