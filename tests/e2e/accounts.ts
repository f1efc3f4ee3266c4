/**
 * Admin accounts for the end-to-end tests: made with the project's own CLI against the e2e
 * database, and signed in through /auth as staff would.
 */
import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";

/** Every test account's password. */
export const PASSWORD = "sea breeze at Doctor's Cave";

/** Makes an admin with `npm run admin:create`'s script, against the e2e database. */
export function createAdmin(email: string) {
  execFileSync(
    "node_modules/.bin/tsx",
    ["scripts/admin-create.ts", "--email", email, "--password-stdin", "--persist-to", ".wrangler/e2e"],
    {
      input: `${PASSWORD}\n`,
      stdio: ["pipe", "ignore", "inherit"],
    },
  );
}

/** Signs in on /auth with `email` and PASSWORD. */
export async function signIn(page: Page, email: string) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
}
