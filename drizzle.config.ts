import { defineConfig } from "drizzle-kit";

/** `npm run db:generate` writes SQL migrations for wrangler d1 migrations apply. */
export default defineConfig({
  dialect: "sqlite",
  schema: "./drizzle/schema.ts",
  out: "./migrations",
});
