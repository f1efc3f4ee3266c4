/**
 * Two-step sign-in (docs/decisions/015-two-step-sign-in.md) against the production Worker in
 * Miniflare with real D1, through the pages as a browser without JavaScript uses them: setting
 * up an authenticator app from the security page's key, the second step after the password
 * (no session before it), a code accepted once, recovery codes used once, the throttle, the
 * 5-minute end of a half-finished sign-in, the team's rule and its guard on the last second
 * step, the current second step that removing or renewing a factor asks for (a recovery code
 * never counts), the same before adding a second step to an account that has one and before
 * making the team's rule optional, and the audit rows and e-mails of each change. Passkeys are
 * tested in Chromium's virtual authenticator (tests/e2e/passkeys.spec.ts); here a passkey is a
 * P-256 key of the test's, stored as a registration would, that answers a step-up's challenge.
 */
import { createHash, generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import { generateHOTP } from "@oslojs/otp";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { createCookie } from "@remix-run/cloudflare";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { SIGN_IN_THROTTLE, TWO_STEP } from "~/domain/limits";
import { TWO_STEP_MESSAGES } from "~/domain/texts/staff-messages";
import { hashPassword } from "~/server/auth";
import { cookiesOf, newClientIp, postFields, startWorker, TEST_SESSION_SECRET, waitFor, type TestWorker } from "./worker";

let worker: TestWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());
beforeEach(async () => {
  await worker.db.batch(
    ["team_changes", "sessions", "sign_in_failures", "recovery_codes", "totp_credentials", "passkeys", "security_policy", "users"].map(
      (table) => worker.db.prepare(`DELETE FROM ${table}`),
    ),
  );
});

const PASSWORD = "sea breeze at Doctor's Cave";
const html = async (response: Response) =>
  (await response.text()).replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

/** A verified admin with PASSWORD. */
async function createAdmin(email = `admin-${crypto.randomUUID().slice(0, 8)}@example.com`) {
  const id = crypto.randomUUID();
  await worker.db
    .prepare("INSERT INTO users (id, email, password_hash, role, email_verified_at, created_at) VALUES (?, ?, ?, 'admin', ?, ?)")
    .bind(id, email, await hashPassword(PASSWORD), Date.now(), Date.now())
    .run();
  return { id, email };
}

/** POST /auth with the password, from `ip`: the response (a redirect when it was right). */
const signIn = (email: string, ip = newClientIp()) =>
  postFields(worker, "/auth", { mode: "signin", email, password: PASSWORD }, { "CF-Connecting-IP": ip });

/** Signs in an account without a second step; out: its session's Cookie header. */
async function sessionOf(email: string): Promise<string> {
  const response = await signIn(email);
  expect(response.headers.get("Location")).toBe("/admin");
  return cookiesOf(response);
}

/** The code of the authenticator app with `key` for `stepOffset` steps from now. */
function codeFor(key: Uint8Array, stepOffset = 0): string {
  const step = Math.floor(Date.now() / 1000 / TWO_STEP.totpPeriodSeconds) + stepOffset;
  return generateHOTP(key, BigInt(step), TWO_STEP.totpDigits);
}

/**
 * Sets up the authenticator app of the account signed in with `cookie`, as a person would: reads
 * the key the security page shows, types the app's code. Out: the key, the recovery codes shown.
 */
async function enrolAuthenticator(cookie: string): Promise<{ key: Uint8Array; recoveryCodes: string[]; used: string }> {
  const page = await html(await worker.fetch("/admin/security", { headers: { Cookie: cookie } }));
  const setup = /name="setup" value="([^"]+)"/.exec(page)![1]!;
  const shownKey = /data-testid="authenticator-key">([A-Z2-7 ]+)</.exec(page)![1]!;
  const key = decodeBase32IgnorePadding(shownKey.replaceAll(" ", ""));
  const used = codeFor(key);
  const response = await postFields(worker, "/admin/security", { intent: "add-authenticator", setup, code: used }, { Cookie: cookie });
  expect(response.status).toBe(200);
  const answer = await html(response);
  expect(answer).toContain(TWO_STEP_MESSAGES.authenticatorAdded);
  const recoveryCodes = [...answer.matchAll(/>([2-9A-Z]{5}-[2-9A-Z]{5})</g)].map((match) => match[1]!);
  return { key, recoveryCodes, used };
}

/** Signs in with the password to the second step; out: the half-finished sign-in's cookie. */
async function toSecondStep(email: string, ip = newClientIp()): Promise<string> {
  const response = await signIn(email, ip);
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/auth/two-step");
  const cookies = cookiesOf(response);
  expect(cookies).toMatch(/^__two_step=/);
  expect(cookies).not.toContain("__session");
  return cookies;
}

const secondStep = (cookie: string, fields: Record<string, string>, ip = newClientIp()) =>
  postFields(worker, "/auth/two-step", fields, { Cookie: cookie, "CF-Connecting-IP": ip });

const teamChanges = async () =>
  (
    await worker.db.prepare("SELECT action, subject_email FROM team_changes ORDER BY created_at, rowid").all<{ action: string }>()
  ).results.map((row) => row.action);

describe("the authenticator app", () => {
  test("set up from the security page; then the password alone opens nothing, and a code finishes the sign-in once", async () => {
    const { email } = await createAdmin();
    const cookie = await sessionOf(email);
    const { key, recoveryCodes, used } = await enrolAuthenticator(cookie);
    expect(recoveryCodes).toHaveLength(TWO_STEP.recoveryCodes);
    expect(new Set(recoveryCodes).size).toBe(TWO_STEP.recoveryCodes);
    // Stored: the key sealed, never in clear; the codes hashed.
    const stored = await worker.db.prepare("SELECT encrypted_key FROM totp_credentials").first<{ encrypted_key: string }>();
    expect(stored!.encrypted_key).not.toContain(Buffer.from(key).toString("base64"));
    const hashes = (await worker.db.prepare("SELECT code_hash FROM recovery_codes").all<{ code_hash: string }>()).results;
    expect(hashes).toHaveLength(10);
    for (const { code_hash } of hashes) expect(recoveryCodes.some((code) => code_hash.includes(code.replace("-", "")))).toBe(false);
    expect(await teamChanges()).toEqual(["authenticator_added"]);
    const mail = await waitFor(
      () => worker.mails().find((m) => m.to === email && m.subject.includes("authenticator app was added")),
      "the mail",
    );
    expect(mail.text).toContain("/admin/security");

    // The password now leads to the second step, with no session: the admin stays shut.
    const pending = await toSecondStep(email);
    const admin = await worker.fetch("/admin/quotes", { headers: { Cookie: pending }, redirect: "manual" });
    expect(admin.status).toBe(302);
    expect(admin.headers.get("Location")).toMatch(/^\/auth/);
    const page = await html(await worker.fetch("/auth/two-step", { headers: { Cookie: pending } }));
    expect(page).toContain("Code from your authenticator app");
    expect(page).toContain("Use a recovery code instead");

    // The code used to set the app up was spent there.
    const replayed = await secondStep(pending, { intent: "authenticator", code: used });
    expect(replayed.status).toBe(400);
    expect(await html(replayed)).toContain(TWO_STEP_MESSAGES.wrongCode);
    // The next step's code (one step of drift is allowed) signs in.
    const next = codeFor(key, 1);
    const done = await secondStep(pending, { intent: "authenticator", code: next });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/admin");
    const session = cookiesOf(done);
    expect(session).toContain("__session=");
    expect((await worker.fetch("/admin/quotes", { headers: { Cookie: session }, redirect: "manual" })).status).toBe(200);
    // The same code again, in another sign-in, is refused.
    const again = await secondStep(await toSecondStep(email), { intent: "authenticator", code: next });
    expect(again.status).toBe(400);
  });

  test("the same code sent twice at once is accepted once", async () => {
    const { email } = await createAdmin();
    const { key } = await enrolAuthenticator(await sessionOf(email));
    const [first, second] = await Promise.all([toSecondStep(email), toSecondStep(email)]);
    const code = codeFor(key, 1);
    const statuses = (
      await Promise.all([secondStep(first, { intent: "authenticator", code }), secondStep(second, { intent: "authenticator", code })])
    )
      .map((response) => response.status)
      .sort();
    expect(statuses).toEqual([302, 400]);
  });

  test("a wrong code at setup is refused with the same key kept; a malformed one changes nothing", async () => {
    const { email } = await createAdmin();
    const cookie = await sessionOf(email);
    const page = await html(await worker.fetch("/admin/security", { headers: { Cookie: cookie } }));
    const setup = /name="setup" value="([^"]+)"/.exec(page)![1]!;
    const shownKey = /data-testid="authenticator-key">([A-Z2-7 ]+)</.exec(page)![1]!;
    const key = decodeBase32IgnorePadding(shownKey.replaceAll(" ", ""));
    const wrong = String((Number(codeFor(key)) + 1) % 1_000_000).padStart(6, "0");
    const refused = await postFields(worker, "/admin/security", { intent: "add-authenticator", setup, code: wrong }, { Cookie: cookie });
    expect(refused.status).toBe(400);
    const again = await html(refused);
    expect(again).toContain(TWO_STEP_MESSAGES.wrongCode);
    expect(again).toContain(shownKey);
    for (const code of ["12345", "abcdef", "", "1".repeat(5000)]) {
      const response = await postFields(worker, "/admin/security", { intent: "add-authenticator", setup, code }, { Cookie: cookie });
      expect(response.status).toBe(400);
    }
    const forged = await postFields(
      worker,
      "/admin/security",
      { intent: "add-authenticator", setup: setup + "x", code: codeFor(key) },
      { Cookie: cookie },
    );
    expect(forged.status).toBe(400);
    expect(await worker.db.prepare("SELECT count(*) AS n FROM totp_credentials").first()).toEqual({ n: 0 });
    expect(await teamChanges()).toEqual([]);
  });
});

describe("recovery codes", () => {
  test("one signs in once; its use is in the team's changes and e-mailed; new codes replace the old", async () => {
    const { email } = await createAdmin();
    const { key, recoveryCodes } = await enrolAuthenticator(await sessionOf(email));
    const pending = await toSecondStep(email);
    // Typed in lower case with spaces: still the code.
    const typed = recoveryCodes[3]!.toLowerCase().replace("-", " ");
    const used = await secondStep(pending, { intent: "recovery", recoveryCode: typed });
    expect(used.status).toBe(302);
    expect(used.headers.get("Location")).toBe("/admin");
    const session = cookiesOf(used);
    expect(session).toContain("__session=");
    expect(await teamChanges()).toEqual(["authenticator_added", "recovery_code_used"]);
    await waitFor(() => worker.mails().find((m) => m.to === email && m.subject.includes("recovery code was used")), "the mail");
    const security = await html(await worker.fetch("/admin/security", { headers: { Cookie: session } }));
    expect(security).toContain(`9 of ${TWO_STEP.recoveryCodes} unused`);

    const twice = await secondStep(await toSecondStep(email), { intent: "recovery", recoveryCode: recoveryCodes[3]! });
    expect(twice.status).toBe(400);
    expect(await html(twice)).toContain(TWO_STEP_MESSAGES.wrongRecoveryCode);

    const renewed = await postFields(worker, "/admin/security", { intent: "renew-codes", code: codeFor(key, 1) }, { Cookie: session });
    expect(renewed.status).toBe(200);
    const fresh = [...(await html(renewed)).matchAll(/>([2-9A-Z]{5}-[2-9A-Z]{5})</g)].map((match) => match[1]!);
    expect(fresh).toHaveLength(10);
    const old = await secondStep(await toSecondStep(email), { intent: "recovery", recoveryCode: recoveryCodes[5]! });
    expect(old.status).toBe(400);
    const fromNew = await secondStep(await toSecondStep(email), { intent: "recovery", recoveryCode: fresh[0]! });
    expect(fromNew.status).toBe(302);
  });
});

describe("changing factors asks for a current second step", () => {
  const totp = async (userId: string) =>
    worker.db.prepare("SELECT count(*) AS n FROM totp_credentials WHERE user_id = ?").bind(userId).first<{ n: number }>();
  const security = (cookie: string, fields: Record<string, string>, ip = newClientIp()) =>
    postFields(worker, "/admin/security", fields, { Cookie: cookie, "CF-Connecting-IP": ip });

  test("a session signed in with a recovery code cannot remove the authenticator app or renew the codes with it; the app's code can", async () => {
    const { id, email } = await createAdmin();
    const { key, recoveryCodes } = await enrolAuthenticator(await sessionOf(email));
    const signedIn = await secondStep(await toSecondStep(email), { intent: "recovery", recoveryCode: recoveryCodes[0]! });
    expect(signedIn.status).toBe(302);
    const session = cookiesOf(signedIn);

    // Nothing but the session: refused, nothing changed.
    for (const intent of ["remove-authenticator", "renew-codes"]) {
      const bare = await security(session, { intent });
      expect([intent, bare.status]).toEqual([intent, 400]);
      expect(await html(bare)).toContain(TWO_STEP_MESSAGES.stepUpNeeded);
    }
    // Another recovery code, in the code field or its own: not a step-up.
    const withRecovery = await security(session, { intent: "remove-authenticator", code: recoveryCodes[1]! });
    expect(withRecovery.status).toBe(400);
    expect(await html(withRecovery)).toContain(TWO_STEP_MESSAGES.stepUpWrongCode);
    expect((await security(session, { intent: "remove-authenticator", recoveryCode: recoveryCodes[2]! })).status).toBe(400);
    // A wrong code: a clear message, nothing changed.
    const wrong = String((Number(codeFor(key, 1)) + 500_000) % 1_000_000).padStart(6, "0");
    const refused = await security(session, { intent: "remove-authenticator", code: wrong });
    expect(refused.status).toBe(400);
    expect(await html(refused)).toContain(TWO_STEP_MESSAGES.stepUpWrongCode);
    expect(await totp(id)).toEqual({ n: 1 });
    expect(await teamChanges()).toEqual(["authenticator_added", "recovery_code_used"]);
    const unchanged = await html(await worker.fetch("/admin/security", { headers: { Cookie: session } }));
    expect(unchanged).toContain(`9 of ${TWO_STEP.recoveryCodes} unused`);

    // The app's current code confirms it, once: removed, audited, e-mailed.
    const removed = await security(session, { intent: "remove-authenticator", code: codeFor(key, 1) });
    expect(removed.status).toBe(302);
    expect(await totp(id)).toEqual({ n: 0 });
    expect(await teamChanges()).toEqual(["authenticator_added", "recovery_code_used", "authenticator_removed"]);
    await waitFor(() => worker.mails().find((m) => m.to === email && m.subject.includes("authenticator app was removed")), "the mail");
  });

  test("the same code does not confirm two changes; new codes with a current code are shown once", async () => {
    const { email } = await createAdmin();
    const session = await sessionOf(email);
    const { key } = await enrolAuthenticator(session);
    const code = codeFor(key, 1);
    const renewed = await security(session, { intent: "renew-codes", code });
    expect(renewed.status).toBe(200);
    expect([...(await html(renewed)).matchAll(/>([2-9A-Z]{5}-[2-9A-Z]{5})</g)]).toHaveLength(10);
    const replayed = await security(session, { intent: "remove-authenticator", code });
    expect(replayed.status).toBe(400);
    expect(await html(replayed)).toContain(TWO_STEP_MESSAGES.stepUpWrongCode);
    expect(await teamChanges()).toEqual(["authenticator_added", "recovery_codes_renewed"]);
  });

  test(`wrong codes are counted like the sign-in's: after ${TWO_STEP.perClientFailures} from one client it is refused (429), even the right code`, async () => {
    const { id, email } = await createAdmin();
    const session = await sessionOf(email);
    const { key } = await enrolAuthenticator(session);
    const ip = newClientIp();
    const wrong = String((Number(codeFor(key, 1)) + 500_000) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < TWO_STEP.perClientFailures; i++)
      expect((await security(session, { intent: "remove-authenticator", code: wrong }, ip)).status).toBe(400);
    const throttled = await security(session, { intent: "remove-authenticator", code: codeFor(key, 1) }, ip);
    expect(throttled.status).toBe(429);
    expect(await html(throttled)).toContain(TWO_STEP_MESSAGES.throttled);
    expect(await totp(id)).toEqual({ n: 1 });
  });
});

describe("the half-finished sign-in", () => {
  test("ends after 5 minutes: back to /auth, and even the right code then opens nothing", async () => {
    const { id, email } = await createAdmin();
    const { key } = await enrolAuthenticator(await sessionOf(email));
    const cookie = createCookie("__two_step", { secrets: [TEST_SESSION_SECRET] });
    const expired = (await cookie.serialize({ u: id, r: "/admin", e: Date.now() - 1 })).split(";")[0]!;
    const page = await worker.fetch("/auth/two-step", { headers: { Cookie: expired }, redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/auth");
    const followed = await html(await worker.fetch("/auth", { headers: { Cookie: cookiesOf(page) } }));
    expect(followed).toContain(TWO_STEP_MESSAGES.expired);
    const late = await secondStep(expired, { intent: "authenticator", code: codeFor(key, 1) });
    expect(late.status).toBe(302);
    expect(late.headers.get("Location")).toBe("/auth");
    expect(cookiesOf(late)).not.toContain("__session");
    // A cookie not signed by the site is no sign-in at all.
    const forged = `__two_step=${Buffer.from(JSON.stringify({ u: id, r: "/admin", e: Date.now() + 60_000 })).toString("base64")}`;
    expect((await worker.fetch("/auth/two-step", { headers: { Cookie: forged }, redirect: "manual" })).headers.get("Location")).toBe(
      "/auth",
    );
  });
});

describe("throttling", () => {
  test(`after ${SIGN_IN_THROTTLE.perClientFailures} wrong codes a client is refused (429), while another client with the right code gets in`, async () => {
    const { email } = await createAdmin();
    const { key } = await enrolAuthenticator(await sessionOf(email));
    const ip = newClientIp();
    const pending = await toSecondStep(email, ip);
    const wrong = String((Number(codeFor(key, 1)) + 500_000) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < SIGN_IN_THROTTLE.perClientFailures; i++)
      expect((await secondStep(pending, { intent: "authenticator", code: wrong }, ip)).status).toBe(400);
    const refused = await secondStep(pending, { intent: "authenticator", code: codeFor(key, 1) }, ip);
    expect(refused.status).toBe(429);
    expect(await html(refused)).toContain(TWO_STEP_MESSAGES.throttled);
    // The owner, elsewhere, is not locked out.
    const elsewhere = newClientIp();
    const owner = await secondStep(await toSecondStep(email, elsewhere), { intent: "authenticator", code: codeFor(key, 1) }, elsewhere);
    expect(owner.status).toBe(302);
    expect(cookiesOf(owner)).toContain("__session=");
  });
});

describe("the account's limits", () => {
  test(`wrong codes sent at once from one client get no more than ${TWO_STEP.perClientFailures} checks`, async () => {
    const { email } = await createAdmin();
    const { key } = await enrolAuthenticator(await sessionOf(email));
    const ip = newClientIp();
    const pending = await toSecondStep(email, ip);
    const wrong = String((Number(codeFor(key, 1)) + 500_000) % 1_000_000).padStart(6, "0");
    const statuses = (
      await Promise.all(Array.from({ length: 8 }, () => secondStep(pending, { intent: "authenticator", code: wrong }, ip)))
    ).map((response) => response.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(TWO_STEP.perClientFailures);
    expect(statuses.filter((status) => status === 429)).toHaveLength(8 - TWO_STEP.perClientFailures);
  });

  test(`after ${TWO_STEP.perAccountFailures} wrong codes from any clients, every client waits, and the owner is told someone has the password`, async () => {
    const { email } = await createAdmin();
    const { key } = await enrolAuthenticator(await sessionOf(email));
    const wrong = String((Number(codeFor(key, 1)) + 500_000) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < TWO_STEP.perAccountFailures; i++) {
      const ip = newClientIp();
      expect((await secondStep(await toSecondStep(email, ip), { intent: "authenticator", code: wrong }, ip)).status).toBe(400);
    }
    const ip = newClientIp();
    const refused = await secondStep(await toSecondStep(email, ip), { intent: "authenticator", code: codeFor(key, 1) }, ip);
    expect(refused.status).toBe(429);
    const alert = await waitFor(
      () => worker.mails().find((m) => m.to === email && m.subject === "Wrong sign-in codes for your account"),
      "the alert",
    );
    expect(alert.text).toContain("/auth/forgot");
  }, 60_000);

  test(`after ${TWO_STEP.maxConsecutiveFailures} wrong codes in a row, codes are refused until the password is reset`, async () => {
    const { id, email } = await createAdmin();
    const { key } = await enrolAuthenticator(await sessionOf(email));
    await worker.db
      .prepare("UPDATE users SET second_step_failures = ? WHERE id = ?")
      .bind(TWO_STEP.maxConsecutiveFailures - 1, id)
      .run();
    const wrong = String((Number(codeFor(key, 1)) + 500_000) % 1_000_000).padStart(6, "0");
    expect((await secondStep(await toSecondStep(email), { intent: "authenticator", code: wrong })).status).toBe(400);
    const locked = await secondStep(await toSecondStep(email), { intent: "authenticator", code: codeFor(key, 1) });
    expect(locked.status).toBe(429);
    expect(await html(locked)).toContain(TWO_STEP_MESSAGES.locked);
    await waitFor(() => worker.mails().find((m) => m.to === email && m.text.includes("refused until its password is reset")), "the alert");
    // The reset link, from the owner's mailbox, lifts it.
    await postFields(worker, "/auth/forgot", { email });
    const link = await waitFor(
      () => worker.mails().find((m) => m.to === email && m.subject === "Reset your password")?.links[0],
      "the reset link",
    );
    const token = new URL(link).searchParams.get("token")!;
    expect((await postFields(worker, "/auth/reset", { token, password: "a brand new harbour password" })).status).toBe(302);
    const password = await postFields(worker, "/auth", { mode: "signin", email, password: "a brand new harbour password" });
    expect(password.headers.get("Location")).toBe("/auth/two-step");
    expect((await secondStep(cookiesOf(password), { intent: "authenticator", code: codeFor(key, 1) })).status).toBe(302);
  });

  test("accepting an invitation does not skip the second step of an account that has one", async () => {
    const owner = await createAdmin("inviter@example.com");
    const invitee = await createAdmin("returning@example.com");
    await enrolAuthenticator(await sessionOf(invitee.email));
    await worker.db.prepare("UPDATE users SET role = 'user' WHERE id = ?").bind(invitee.id).run();
    const invited = await postFields(
      worker,
      "/admin/team",
      { intent: "invite", email: invitee.email },
      { Cookie: await sessionOf(owner.email) },
    );
    expect(invited.status).toBe(302);
    const link = await waitFor(
      () => worker.mails().find((m) => m.to === invitee.email && m.subject.startsWith("You are invited"))?.links[0],
      "the invitation",
    );
    const token = new URL(link).searchParams.get("token")!;
    const accepted = await postFields(worker, "/auth/invite", { token, password: "a brand new harbour password" });
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("Location")).toBe("/auth/two-step");
    expect(cookiesOf(accepted)).not.toContain("__session");
  });
});

describe("the team's rule", () => {
  test("required: an admin without a second step goes to the security page first; the last step cannot be removed; the change is audited", async () => {
    const owner = await createAdmin("owner@example.com");
    const colleague = await createAdmin("colleague@example.com");
    const ownerSession = await sessionOf(owner.email);
    const colleagueSession = await sessionOf(colleague.email);

    // The owner cannot require it before having it.
    const early = await postFields(worker, "/admin/team", { intent: "two-step-policy", required: "yes" }, { Cookie: ownerSession });
    expect(early.status).toBe(409);
    expect(await html(early)).toContain(TWO_STEP_MESSAGES.enrolFirst);

    const { key: ownerKey } = await enrolAuthenticator(ownerSession);
    const required = await postFields(worker, "/admin/team", { intent: "two-step-policy", required: "yes" }, { Cookie: ownerSession });
    expect(required.status).toBe(302);
    const team = await html(await worker.fetch("/admin/team", { headers: { Cookie: ownerSession } }));
    expect(team).toContain("owner@example.com made two-step sign-in required for every admin");
    expect(team).toContain("Required: every admin signs in");

    for (const path of ["/admin/quotes", "/admin/team", "/admin/quotes.csv", "/admin/attachments/any"]) {
      const response = await worker.fetch(path, { headers: { Cookie: colleagueSession }, redirect: "manual" });
      expect([path, response.status, response.headers.get("Location")]).toEqual([path, 302, "/admin/security"]);
    }
    // A client-side navigation's data request is sent there too (Remix's single fetch: 202 and the target).
    const data = await worker.fetch("/admin/quotes.data", { headers: { Cookie: colleagueSession }, redirect: "manual" });
    expect(await data.text()).toContain("/admin/security");
    const security = await worker.fetch("/admin/security", { headers: { Cookie: colleagueSession } });
    expect(security.status).toBe(200);
    expect(await html(security)).toContain(TWO_STEP_MESSAGES.enrolRequired);
    await enrolAuthenticator(colleagueSession);
    expect((await worker.fetch("/admin/quotes", { headers: { Cookie: colleagueSession }, redirect: "manual" })).status).toBe(200);

    // The last second step stays while the rule holds.
    const removal = await postFields(
      worker,
      "/admin/security",
      { intent: "remove-authenticator", code: codeFor(ownerKey, 1) },
      { Cookie: ownerSession },
    );
    expect(removal.status).toBe(409);
    expect(await html(removal)).toContain(TWO_STEP_MESSAGES.lastStep);
    expect(await worker.db.prepare("SELECT count(*) AS n FROM totp_credentials").first()).toEqual({ n: 2 });

    // The app's next code (the test does not wait 30 s for it: the step the last one spent is forgotten).
    const forgetLastCode = () =>
      worker.db.prepare("UPDATE totp_credentials SET last_used_step = last_used_step - 1 WHERE user_id = ?").bind(owner.id).run();
    await forgetLastCode();
    const optional = await postFields(
      worker,
      "/admin/team",
      { intent: "two-step-policy", required: "no", code: codeFor(ownerKey, 1) },
      { Cookie: ownerSession },
    );
    expect(optional.status).toBe(302);
    await forgetLastCode();
    const removed = await postFields(
      worker,
      "/admin/security",
      { intent: "remove-authenticator", code: codeFor(ownerKey, 1) },
      { Cookie: ownerSession },
    );
    expect(removed.status).toBe(302);
    // With no second step left, the recovery codes went too, and the password alone signs in.
    expect(await worker.db.prepare("SELECT count(*) AS n FROM recovery_codes WHERE user_id = ?").bind(owner.id).first()).toEqual({ n: 0 });
    expect((await signIn(owner.email)).headers.get("Location")).toBe("/admin");
    await waitFor(
      () => worker.mails().find((m) => m.to === owner.email && m.subject.includes("authenticator app was removed")),
      "the mail",
    );
    expect(await teamChanges()).toEqual([
      "authenticator_added",
      "two_step_required",
      "authenticator_added",
      "two_step_optional",
      "authenticator_removed",
    ]);
  });
});

describe("rotating SESSION_SECRET", () => {
  test("an authenticator app sealed under the old secret works while it is listed, and is sealed again under the new one at its next use", async () => {
    const { id, email } = await createAdmin();
    const { key } = await enrolAuthenticator(await sessionOf(email));
    const account = await worker.db.prepare("SELECT password_hash FROM users WHERE id = ?").bind(id).first<{ password_hash: string }>();
    const sealedOld = (await worker.db.prepare("SELECT encrypted_key FROM totp_credentials").first<{ encrypted_key: string }>())!
      .encrypted_key;
    const NEW = "rotated-secret-abcdefghijklmnopqrstuvwxyz";
    const rotated = await startWorker({ bindings: { SESSION_SECRET: `${NEW},${TEST_SESSION_SECRET}` } });
    const dropped = await startWorker({ bindings: { SESSION_SECRET: NEW } });
    /** The account with its app sealed as `sealed`, in `target`; out: the second step's answer to the app's next code. */
    const signInWith = async (target: TestWorker, sealed: string) => {
      await target.db.batch([
        target.db.prepare("DELETE FROM totp_credentials"),
        target.db.prepare("DELETE FROM users"),
        target.db
          .prepare("INSERT INTO users (id, email, password_hash, role, email_verified_at, created_at) VALUES (?, ?, ?, 'admin', 1, 1)")
          .bind(id, email, account!.password_hash),
        target.db
          .prepare("INSERT INTO totp_credentials (user_id, encrypted_key, last_used_step, created_at) VALUES (?, ?, 0, 1)")
          .bind(id, sealed),
      ]);
      const password = await postFields(
        target,
        "/auth",
        { mode: "signin", email, password: PASSWORD },
        { "CF-Connecting-IP": newClientIp() },
      );
      expect(password.headers.get("Location")).toBe("/auth/two-step");
      return postFields(target, "/auth/two-step", { intent: "authenticator", code: codeFor(key, 1) }, { Cookie: cookiesOf(password) });
    };
    try {
      expect((await signInWith(rotated, sealedOld)).status).toBe(302);
      const sealedNew = (await rotated.db.prepare("SELECT encrypted_key FROM totp_credentials").first<{ encrypted_key: string }>())!
        .encrypted_key;
      expect(sealedNew).not.toBe(sealedOld);
      // Once the old secret is dropped, only the key sealed again still opens.
      expect((await signInWith(dropped, sealedOld)).status).toBe(400);
      expect((await signInWith(dropped, sealedNew)).status).toBe(302);
    } finally {
      await Promise.all([rotated.dispose(), dropped.dispose()]);
    }
  });
});

/** A passkey of the account `userId` (ES256, stored as a registration stores it); out: its id and private key. */
async function addTestPasskey(userId: string): Promise<{ id: string; key: KeyObject; counter: number }> {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const sec1 = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, "base64url"), Buffer.from(jwk.y!, "base64url")]);
  const id = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64url");
  await worker.db
    .prepare(
      "INSERT INTO passkeys (id, user_id, name, algorithm, public_key, sign_count, created_at) VALUES (?, ?, 'Test key', -7, ?, 0, ?)",
    )
    .bind(id, userId, sec1.toString("base64"), Date.now())
    .run();
  return { id, key: privateKey, counter: 0 };
}

/**
 * The passkey's answer to a step-up challenge the security page's endpoint gives the session
 * `cookie`, as a browser sends it (base64url; user present and verified, its counter moved on).
 */
async function passkeyStepUp(cookie: string, passkey: { id: string; key: KeyObject; counter: number }): Promise<Record<string, string>> {
  const response = await postFields(worker, "/admin/security/passkey", { intent: "step-up" }, { Cookie: cookie });
  expect(response.status).toBe(200);
  const options = (await response.json()) as { challenge: string; rpId: string };
  const clientDataJSON = Buffer.from(
    JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin: worker.origin, crossOrigin: false }),
  );
  passkey.counter += 1;
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(passkey.counter);
  const authenticatorData = Buffer.concat([createHash("sha256").update(options.rpId).digest(), Buffer.from([0x05]), counter]);
  const signed = Buffer.concat([authenticatorData, createHash("sha256").update(clientDataJSON).digest()]);
  const signature = sign("sha256", signed, { key: passkey.key, dsaEncoding: "der" });
  return {
    credentialId: passkey.id,
    authenticatorData: authenticatorData.toString("base64url"),
    clientDataJSON: clientDataJSON.toString("base64url"),
    signature: signature.toString("base64url"),
  };
}

describe("adding a second step, and making the team's rule optional, ask for a current one", () => {
  const count = async (sql: string, ...values: unknown[]) =>
    (await worker.db
      .prepare(`SELECT count(*) AS n FROM ${sql}`)
      .bind(...values)
      .first<{ n: number }>())!.n;
  const registerChallenges = (userId: string) => count("passkey_challenges WHERE ceremony = 'register' AND user_id = ?", userId);
  const passkeyOptions = (cookie: string, fields: Record<string, string> = {}) =>
    postFields(worker, "/admin/security/passkey", { intent: "options", ...fields }, { Cookie: cookie, "CF-Connecting-IP": newClientIp() });

  test("a passkey's registration: a first one needs nothing; with the app on, only the app's current code (or a passkey) opens it", async () => {
    const { id, email } = await createAdmin();
    const session = await sessionOf(email);
    // No second step yet: the registration starts as it always did.
    const first = await passkeyOptions(session);
    expect(first.status).toBe(200);
    expect(await registerChallenges(id)).toBe(1);
    await worker.db.prepare("DELETE FROM passkey_challenges").run();

    const { key, recoveryCodes } = await enrolAuthenticator(session);
    // The session alone, a recovery code or a wrong code: refused, no challenge stored.
    const bare = await passkeyOptions(session);
    expect(bare.status).toBe(400);
    expect(await bare.json()).toEqual({ error: TWO_STEP_MESSAGES.stepUpNeeded });
    expect((await passkeyOptions(session, { code: recoveryCodes[0]! })).status).toBe(400);
    const wrong = String((Number(codeFor(key, 1)) + 500_000) % 1_000_000).padStart(6, "0");
    const refused = await passkeyOptions(session, { code: wrong });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: TWO_STEP_MESSAGES.stepUpWrongCode });
    expect(await registerChallenges(id)).toBe(0);
    expect(await count("passkeys")).toBe(0);

    // The app's current code: the registration's options, for this account.
    const confirmed = await passkeyOptions(session, { code: codeFor(key, 1) });
    expect(confirmed.status).toBe(200);
    const options = (await confirmed.json()) as { challenge: string; user: { name: string } };
    expect(options.user.name).toBe(email);
    expect(await registerChallenges(id)).toBe(1);
    // The code is spent: it does not open a second registration.
    expect((await passkeyOptions(session, { code: codeFor(key, 1) })).status).toBe(400);
    expect(await registerChallenges(id)).toBe(1);
  });

  test("the authenticator app on an account with a passkey: refused without the passkey's answer, added with it; a first app needs none", async () => {
    const { id, email } = await createAdmin();
    const session = await sessionOf(email);
    const passkey = await addTestPasskey(id);
    const page = await html(await worker.fetch("/admin/security", { headers: { Cookie: session } }));
    const setup = /name="setup" value="([^"]+)"/.exec(page)![1]!;
    const shownKey = /data-testid="authenticator-key">([A-Z2-7 ]+)</.exec(page)![1]!;
    const appKey = decodeBase32IgnorePadding(shownKey.replaceAll(" ", ""));
    const add = (fields: Record<string, string>) =>
      postFields(
        worker,
        "/admin/security",
        { intent: "add-authenticator", setup, ...fields },
        { Cookie: session, "CF-Connecting-IP": newClientIp() },
      );

    // The new app's right code alone: refused, the same setup kept, nothing stored.
    const bare = await add({ code: codeFor(appKey) });
    expect(bare.status).toBe(400);
    const bareText = await html(bare);
    expect(bareText).toContain(TWO_STEP_MESSAGES.stepUpNeeded);
    expect(bareText).toContain(shownKey);
    // An answer signed by another key, for this passkey's id: refused.
    const stranger = await addTestPasskey((await createAdmin()).id);
    const forged = await passkeyStepUp(session, { ...stranger, id: passkey.id });
    const refused = await add({ code: codeFor(appKey), ...forged });
    expect(refused.status).toBe(400);
    expect(await html(refused)).toContain(TWO_STEP_MESSAGES.stepUpPasskeyFailed);
    expect(await count("totp_credentials WHERE user_id = ?", id)).toBe(0);
    expect(await teamChanges()).toEqual([]);

    // The account's passkey confirms it: the app is on.
    const added = await add({ code: codeFor(appKey), ...(await passkeyStepUp(session, passkey)) });
    expect(added.status).toBe(200);
    expect(await html(added)).toContain(TWO_STEP_MESSAGES.authenticatorAdded);
    expect(await count("totp_credentials WHERE user_id = ?", id)).toBe(1);
    expect(await teamChanges()).toEqual(["authenticator_added"]);
  });

  test("making the team's rule optional: refused without the admin's current code, done with it; an admin without a second step cannot", async () => {
    const owner = await createAdmin("owner@example.com");
    const colleague = await createAdmin("colleague@example.com");
    const ownerSession = await sessionOf(owner.email);
    const colleagueSession = await sessionOf(colleague.email);
    const { key, recoveryCodes } = await enrolAuthenticator(ownerSession);
    expect((await postFields(worker, "/admin/team", { intent: "two-step-policy", required: "yes" }, { Cookie: ownerSession })).status).toBe(
      302,
    );
    const required = () => worker.db.prepare("SELECT two_step_required AS on_ FROM security_policy").first<{ on_: number }>();
    const optional = (cookie: string, fields: Record<string, string> = {}) =>
      postFields(
        worker,
        "/admin/team",
        { intent: "two-step-policy", required: "no", ...fields },
        { Cookie: cookie, "CF-Connecting-IP": newClientIp() },
      );

    // An admin without a second step is sent to the security page, the rule unchanged.
    const colleagueTry = await optional(colleagueSession);
    expect([colleagueTry.status, colleagueTry.headers.get("Location")]).toEqual([302, "/admin/security"]);
    // The owner's session alone, a recovery code, a wrong code: refused, the rule holds.
    const bare = await optional(ownerSession);
    expect(bare.status).toBe(400);
    const bareText = await html(bare);
    expect(bareText).toContain(TWO_STEP_MESSAGES.stepUpNeeded);
    expect((await optional(ownerSession, { code: recoveryCodes[0]! })).status).toBe(400);
    const wrong = String((Number(codeFor(key, 1)) + 500_000) % 1_000_000).padStart(6, "0");
    const refused = await optional(ownerSession, { code: wrong });
    expect(refused.status).toBe(400);
    expect(await html(refused)).toContain(TWO_STEP_MESSAGES.stepUpWrongCode);
    expect(await required()).toEqual({ on_: 1 });
    expect(await teamChanges()).toEqual(["authenticator_added", "two_step_required"]);

    // The app's current code: optional, audited.
    const done = await optional(ownerSession, { code: codeFor(key, 1) });
    expect([done.status, done.headers.get("Location")]).toEqual([302, "/admin/team"]);
    expect(await required()).toEqual({ on_: 0 });
    expect(await teamChanges()).toEqual(["authenticator_added", "two_step_required", "two_step_optional"]);
    // Requiring it again needs no step-up (it protects more, not less).
    expect((await postFields(worker, "/admin/team", { intent: "two-step-policy", required: "yes" }, { Cookie: ownerSession })).status).toBe(
      302,
    );
  });
});
