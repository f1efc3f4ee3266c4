/**
 * Admin accounts for the end-to-end tests: written to the e2e database as `npm run admin:create`
 * writes them (scripts/admin-create.ts), through the store Worker (tests/e2e/d1.ts), and signed
 * in through /auth as staff would.
 */
import { randomBytes, scrypt } from "node:crypto";
import { promisify } from "node:util";
import { expect, type Page } from "@playwright/test";
import { runD1 } from "./d1";

/** Every test account's password. */
export const PASSWORD = "sea breeze at Doctor's Cave";

/**
 * PASSWORD in the stored form of app/server/auth/password.server.ts
 * (`scrypt$ln=14,r=8,p=5$<salt>$<key>`, base64), hashed once per test process. The parameters
 * travel inside the string, so the site verifies it whatever its own current settings.
 */
let passwordHash: Promise<string> | undefined;
function hashedPassword(): Promise<string> {
  passwordHash ??= (async () => {
    const salt = randomBytes(16);
    const derive = promisify(scrypt) as (password: string, salt: Buffer, keyBytes: number, options: object) => Promise<Buffer>;
    const key = await derive(PASSWORD.normalize("NFKC"), salt, 32, { N: 2 ** 14, r: 8, p: 5, maxmem: 256 * 2 ** 14 * 8 });
    return `scrypt$ln=14,r=8,p=5$${salt.toString("base64")}$${key.toString("base64")}`;
  })();
  return passwordHash;
}

/**
 * Makes `email` (lower-case) an admin with PASSWORD, verified, as scripts/admin-create.ts does:
 * a new account, or an existing one promoted, its sessions ended.
 */
export async function createAdmin(email: string): Promise<void> {
  const address = email.toLowerCase();
  const now = Date.now();
  await runD1([
    {
      sql: `INSERT INTO users (id, email, password_hash, role, email_verified_at, created_at) VALUES (?, ?, ?, 'admin', ?, ?)
        ON CONFLICT(email) DO UPDATE SET role = 'admin', password_hash = excluded.password_hash,
          email_verified_at = COALESCE(users.email_verified_at, excluded.email_verified_at)`,
      params: [crypto.randomUUID(), address, await hashedPassword(), now, now],
    },
    { sql: "DELETE FROM sessions WHERE user_id = (SELECT id FROM users WHERE email = ?)", params: [address] },
  ]);
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
