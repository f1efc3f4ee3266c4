/**
 * Admin accounts for the end-to-end tests: made with the project's own CLI against the e2e
 * database, and signed in through /auth as staff would.
 */
import { execFileSync } from "node:child_process";
import { expect, type Page } from "@playwright/test";

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

/** Opens /auth and types `email` and PASSWORD, without sending. */
async function fillSignIn(page: Page, email: string) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
}

/** Sends the sign-in form on /auth with `email` and PASSWORD, for a sign-in that does not open the admin. */
export async function submitSignIn(page: Page, email: string) {
  await fillSignIn(page, email);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/**
 * Signs an admin in on /auth with `email` and PASSWORD, and resolves once the admin's page shows
 * who is signed in, so the next navigation cannot cancel the sign-in's answer.
 */
export async function signIn(page: Page, email: string) {
  await submitSignIn(page, email);
  await expect(page).toHaveURL(/\/admin(\/|$)/);
  await expect(page.getByTestId("admin-email")).toHaveText(email);
}

/**
 * Signs in as signIn does, with JavaScript on and the page hydrated, and resolves once `notice`
 * has been on the page.
 *
 * The notice shows for only half a second before the admin opens, so it is watched for on every
 * animation frame from before the click: a retrying assertion, which checks less often on a busy
 * machine, can miss it.
 */
export async function signInSeeingNotice(page: Page, email: string, notice: string) {
  await fillSignIn(page, email);
  // Hydrated first: without JavaScript the same words come as the admin's flash notice instead.
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const seen = page.waitForFunction((text) => document.body.innerText.includes(text), notice, { polling: "raf" });
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await seen;
}
