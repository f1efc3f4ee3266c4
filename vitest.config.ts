import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

/**
 * Two projects: `unit` (plain modules in Node) and `integration` (the built Worker in
 * Miniflare with real local D1 and R2; tests/integration/global-setup.ts bundles it).
 * Playwright's end-to-end tests live in tests/e2e and run with `playwright test`.
 */
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [tsconfigPaths()],
        // Unit tests run beside the integration suite's Workers: a property test of 500 runs may
        // take longer than vitest's 5 s default on a busy 2-core machine.
        test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "node", testTimeout: 30_000 },
      },
      {
        plugins: [tsconfigPaths()],
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/integration/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
