/**
 * Accounts, sessions and the admin, against the production Worker in Miniflare with real D1:
 * sign-up and verification, sign-in, sessions (expiry, sliding, tampering, rotation), password
 * reset, the admin guard, status steps and their audit rows, escaping of stored text.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { SIGN_IN_THROTTLE } from "~/domain/limits";
import { ADMIN_MESSAGES, AUTH_MESSAGES } from "~/domain/texts/staff-messages";
import { hashPassword, sessionIdOf, signToken } from "~/server/auth";
import { cookiesOf, newClientIp, postFields, startWorker, TEST_SESSION_SECRET, waitFor, type TestWorker } from "./worker";

let worker: TestWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());
/** This test's admin address, new in each test. */
let ADMIN = "";
beforeEach(async () => {
  ADMIN = `admin-${crypto.randomUUID().slice(0, 8)}@example.com`;
  await worker.db.batch(
    ["status_changes", "sessions", "users", "quote_requests", "contact_messages", "sign_in_failures"].map((table) =>
      worker.db.prepare(`DELETE FROM ${table}`),
    ),
  );
});

const PASSWORD = "sea breeze at Doctor's Cave";
/** Where a signed-out request for the quote list is sent: sign-in, then back to the list. */
const SIGN_IN_TO_QUOTES = "/auth?redirectTo=%2Fadmin%2Fquotes";

async function createUser(email: string, role: "user" | "admin", verified = true) {
  const id = crypto.randomUUID();
  await worker.db
    .prepare("INSERT INTO users (id, email, password_hash, role, email_verified_at, created_at) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(id, email, await hashPassword(PASSWORD), role, verified ? Date.now() : null, Date.now())
    .run();
  return id;
}

const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  postFields(worker, path, fields, headers);

async function signIn(email: string, password = PASSWORD, ip = newClientIp()) {
  const response = await post("/auth", { mode: "signin", email, password }, { "CF-Connecting-IP": ip });
  return {
    response,
    cookie: cookiesOf(response)
      .split("; ")
      .filter((pair) => pair.startsWith("__session="))
      .join(""),
  };
}

const get = (path: string, cookie = "") => worker.fetch(path, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
const text = async (response: Response) => (await response.text()).replaceAll("&#x27;", "'");

async function insertQuote(fields: Partial<Record<string, string>> = {}) {
  const id = crypto.randomUUID();
  await worker.db
    .prepare(
      "INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, additional_info, status) VALUES (?, ?, ?, ?, ?, ?, ?, 'residential', ?, 'pending')",
    )
    .bind(
      id,
      Date.now(),
      Date.now(),
      fields.name ?? "Ana Brown",
      fields.email ?? "ana@example.com",
      fields.phone ?? "876 555 0100",
      fields.address ?? "1 Gloucester Ave",
      fields.additionalInfo ?? null,
    )
    .run();
  return id;
}

describe("sign-up and verification", () => {
  test("creates a user (never an admin), e-mails a link to the site, and the link verifies it", async () => {
    const response = await post("/auth", { mode: "signup", email: "New.Person@Example.com", password: PASSWORD });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth");
    const page = await get("/auth", cookiesOf(response));
    expect(await text(page)).toContain(AUTH_MESSAGES.signUpSuccess);

    const user = await worker.db.prepare("SELECT id, email, role, email_verified_at FROM users").first<Record<string, unknown>>();
    expect(user).toMatchObject({ email: "new.person@example.com", role: "user", email_verified_at: null });

    // Unverified: cannot sign in.
    const early = await signIn("new.person@example.com");
    expect(early.response.status).toBe(403);
    expect(await text(early.response)).toContain(AUTH_MESSAGES.notVerified);

    const mail = await waitFor(() => worker.mails().find((m) => m.to === "new.person@example.com"), "the verification mail");
    expect(mail.subject).toBe("Verify your email address");
    const link = new URL(mail.links[0]!);
    expect(link.origin).toBe(worker.origin);
    const verified = await get(link.pathname + link.search);
    expect(verified.headers.get("Location")).toBe("/auth");
    const { email_verified_at } = (await worker.db.prepare("SELECT email_verified_at FROM users").first<{ email_verified_at: number }>())!;
    expect(email_verified_at).toBeGreaterThan(Date.now() - 60_000);

    const later = await signIn("new.person@example.com");
    expect(later.response.status).toBe(302);
    // Signed in, but not an admin: the admin sends them home with the product's message.
    const denied = await get("/admin/quotes", later.cookie);
    expect(denied.status).toBe(302);
    expect(denied.headers.get("Location")).toBe("/");
    expect(await text(await get("/", cookiesOf(denied)))).toContain(AUTH_MESSAGES.accessDenied);
  });

  test("an existing e-mail is answered exactly like a new one, and its owner is told by e-mail", async () => {
    await createUser("taken@example.com", "user");
    const answers = [];
    for (const email of ["TAKEN@example.com", "fresh@example.com"]) {
      const started = Date.now();
      const response = await post("/auth", { mode: "signup", email, password: PASSWORD });
      const shape = {
        status: response.status,
        location: response.headers.get("Location"),
        cookies: response.headers.getSetCookie().map((cookie) => cookie.split("=")[0]),
        body: await response.text(),
      };
      answers.push({ shape, ms: Date.now() - started, page: await text(await get("/auth", cookiesOf(response))) });
    }
    expect(answers[0]!.shape).toEqual(answers[1]!.shape);
    expect(answers[0]!.page).toContain(AUTH_MESSAGES.signUpSuccess);
    expect(answers[1]!.page).toContain(AUTH_MESSAGES.signUpSuccess);
    // Both hash the password (≈ 100-300 ms here): neither answers at once.
    for (const { ms } of answers) expect(ms).toBeGreaterThan(40);
    const told = await waitFor(() => worker.mails().find((m) => m.to === "taken@example.com"), "the owner's e-mail");
    expect(told.subject).toBe("You already have an account");
    expect(told.links).toEqual([`${worker.origin}/auth`, `${worker.origin}/auth/forgot`]);
    expect(await worker.db.prepare("SELECT count(*) AS n FROM users WHERE email = 'taken@example.com'").first()).toEqual({ n: 1 });
  });

  test("a weak password lists its reasons", async () => {
    const weak = await text(await post("/auth", { mode: "signup", email: "weak@example.com", password: "1234" }));
    expect(weak).toContain("Use at least 8 characters.");
    expect(weak).toContain("Do not use only numbers.");
  });

  test("a forged or tampered verification link is refused", async () => {
    await post("/auth", { mode: "signup", email: "forge@example.com", password: PASSWORD });
    const mail = await waitFor(() => worker.mails().find((m) => m.to === "forge@example.com"), "the verification mail");
    const link = new URL(mail.links[0]!);
    const token = link.searchParams.get("token")!;
    const tampered = `${token.slice(0, -3)}${token.endsWith("a") ? "bbb" : "aaa"}`;
    const response = await get(`/auth/verify?token=${encodeURIComponent(tampered)}`);
    expect(await text(await get("/auth", cookiesOf(response)))).toContain(AUTH_MESSAGES.linkInvalid);
    expect(await worker.db.prepare("SELECT email_verified_at FROM users").first()).toEqual({ email_verified_at: null });
  });
});

describe("sign-in", () => {
  test.each([
    ["a wrong password", "@admin", "not the password", 400, AUTH_MESSAGES.invalidCredentials],
    ["an unknown e-mail", "nobody@example.com", PASSWORD, 400, AUTH_MESSAGES.invalidCredentials],
    ["empty fields", "", "", 400, "Email is required."],
    ["a 10 kB password", "@admin", "x".repeat(10_240), 400, "Password must be at most 256 characters."],
  ])("%s is refused with a clear message and no session", async (_case, email, password, status, message) => {
    await createUser(ADMIN, "admin");
    const { response, cookie } = await signIn(email === "@admin" ? ADMIN : email, password);
    expect(response.status).toBe(status);
    expect(await text(response)).toContain(message);
    expect(cookie).toBe("");
    expect(await worker.db.prepare("SELECT count(*) AS n FROM sessions").first()).toEqual({ n: 0 });
  });

  test("an admin signs in: only the token's hash is stored; the cookie is HttpOnly and SameSite=Lax", async () => {
    await createUser(ADMIN, "admin");
    const { response, cookie } = await signIn(ADMIN.toUpperCase());
    expect(response.headers.get("Location")).toBe("/admin");
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const stored = await worker.db.prepare("SELECT id FROM sessions").first<{ id: string }>();
    expect(stored!.id).toMatch(/^[0-9a-f]{64}$/);
    expect(cookie).not.toContain(stored!.id);
    const admin = await get("/admin/quotes", cookie);
    expect(admin.status).toBe(200);
    expect(admin.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await text(admin)).toContain(ADMIN);
  });

  test("ten wrong passwords from one client cannot lock the owner out: that client is refused, another signs in", async () => {
    await createUser(ADMIN, "admin");
    const attacker = newClientIp();
    const answers: Array<[number, string]> = [];
    for (let i = 0; i < 10; i++) {
      const { response } = await signIn(ADMIN, `wrong password ${i}`, attacker);
      answers.push([response.status, await text(response)]);
    }
    const limit = SIGN_IN_THROTTLE.perClientFailures;
    expect(answers.slice(0, limit).map(([status]) => status)).toEqual(Array(limit).fill(400));
    expect(answers.slice(0, limit).every(([, page]) => page.includes(AUTH_MESSAGES.invalidCredentials))).toBe(true);
    expect(answers.slice(limit).map(([status]) => status)).toEqual(Array(10 - limit).fill(429));
    expect(answers.slice(limit).every(([, page]) => page.includes(AUTH_MESSAGES.signInThrottled))).toBe(true);

    // The owner, from their own device, is let in at once; that clears the failures.
    const owner = await signIn(ADMIN, PASSWORD, newClientIp());
    expect(owner.response.status).toBe(302);
    expect(owner.response.headers.get("Location")).toBe("/admin");
    expect(await worker.db.prepare("SELECT count(*) AS n FROM sign_in_failures").first()).toEqual({ n: 0 });
  });

  test("an unknown address is throttled exactly like a known one, and stored only as a hash", async () => {
    const client = newClientIp();
    const statuses: number[] = [];
    for (let i = 0; i <= SIGN_IN_THROTTLE.perClientFailures; i++)
      statuses.push((await signIn("nobody@example.com", PASSWORD, client)).response.status);
    expect(statuses).toEqual([...Array(SIGN_IN_THROTTLE.perClientFailures).fill(400), 429]);
    const rows = await worker.db.prepare("SELECT account_key, client_key FROM sign_in_failures").all<Record<string, string>>();
    expect(rows.results).toHaveLength(SIGN_IN_THROTTLE.perClientFailures);
    for (const row of rows.results) {
      expect(row.account_key).toMatch(/^[0-9a-f]{64}$/);
      expect(row.client_key).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  test("failures from many clients slow the next wrong answers down (1 s, then 2 s), never refuse", async () => {
    await createUser(ADMIN, "admin");
    for (let i = 0; i < SIGN_IN_THROTTLE.delayAfterFailures; i++) {
      expect((await signIn(ADMIN, "wrong password", newClientIp())).response.status).toBe(400);
    }
    for (const expectedMs of [SIGN_IN_THROTTLE.firstDelayMs, 2 * SIGN_IN_THROTTLE.firstDelayMs]) {
      const started = performance.now();
      const { response } = await signIn(ADMIN, "wrong password", newClientIp());
      expect(response.status).toBe(400);
      expect(performance.now() - started).toBeGreaterThanOrEqual(expectedMs);
    }
    expect((await signIn(ADMIN, PASSWORD, newClientIp())).response.status).toBe(302);
  });
});

describe("signing in returns to the page asked for", () => {
  test("a signed-out admin opening a record's link signs in and lands on that record, with and without JavaScript", async () => {
    await createUser(ADMIN, "admin");
    const id = await insertQuote();
    const asked = await get(`/admin/quotes/${id}`);
    const signInPage = asked.headers.get("Location")!;
    expect(signInPage).toBe(`/auth?redirectTo=${encodeURIComponent(`/admin/quotes/${id}`)}`);
    const html = await text(await get(signInPage));
    expect(html).toContain(`name="redirectTo" value="/admin/quotes/${id}"`);

    const plain = await post("/auth", { mode: "signin", email: ADMIN, password: PASSWORD, redirectTo: `/admin/quotes/${id}` });
    expect(plain.headers.get("Location")).toBe(`/admin/quotes/${id}`);
    const scripted = await post("/auth", { mode: "signin", email: ADMIN, password: PASSWORD, redirectTo: `/admin/quotes/${id}`, js: "1" });
    expect(await scripted.text()).toContain(`/admin/quotes/${id}`);
    // Already signed in: /auth with the return path goes straight there.
    expect((await get(signInPage, cookiesOf(plain))).headers.get("Location")).toBe(`/admin/quotes/${id}`);
  });

  test.each([
    "https://evil.example/admin",
    "//evil.example/admin",
    "/\\evil.example",
    "/admin@evil.example",
    "/adminx",
    "/auth",
    "/",
    "javascript:alert(1)",
  ])("a return target %j that is not an admin page of this site is replaced by /admin", async (target) => {
    await createUser(ADMIN, "admin");
    const response = await post("/auth", { mode: "signin", email: ADMIN, password: PASSWORD, redirectTo: target });
    expect(response.headers.get("Location")).toBe("/admin");
    const page = await text(await get(`/auth?redirectTo=${encodeURIComponent(target)}`));
    expect(page).not.toContain('name="redirectTo"');
  });
});

describe("sessions", () => {
  test("no cookie, a tampered cookie or an expired session goes to /auth", async () => {
    await createUser(ADMIN, "admin");
    expect((await get("/admin/quotes")).headers.get("Location")).toBe(SIGN_IN_TO_QUOTES);
    const { cookie } = await signIn(ADMIN);
    const [name, value] = cookie.split("=");
    const tampered = `${name}=${value!.slice(0, 5)}${value!.slice(5, 6) === "A" ? "B" : "A"}${value!.slice(6)}`;
    expect((await get("/admin/quotes", tampered)).headers.get("Location")).toBe(SIGN_IN_TO_QUOTES);
    await worker.db
      .prepare("UPDATE sessions SET expires_at = ?")
      .bind(Date.now() - 1000)
      .run();
    expect((await get("/admin/quotes", cookie)).headers.get("Location")).toBe(SIGN_IN_TO_QUOTES);
  });

  test("the expiry slides forward when less than 15 days remain", async () => {
    await createUser(ADMIN, "admin");
    const { cookie } = await signIn(ADMIN);
    const soon = Date.now() + 2 * 24 * 3600 * 1000;
    await worker.db.prepare("UPDATE sessions SET expires_at = ?").bind(soon).run();
    const response = await get("/admin/quotes", cookie);
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(true);
    const { expires_at } = (await worker.db.prepare("SELECT expires_at FROM sessions").first<{ expires_at: number }>())!;
    expect(expires_at).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
  });

  test("rotating the secret: cookies signed with the old one work while it is still listed", async () => {
    await createUser(ADMIN, "admin");
    const { cookie } = await signIn(ADMIN);
    const NEW = "rotated-secret-abcdefghijklmnopqrstuvwxyz";
    const rotated = await startWorker({ bindings: { SESSION_SECRET: `${NEW},${TEST_SESSION_SECRET}` } });
    const dropped = await startWorker({ bindings: { SESSION_SECRET: NEW } });
    try {
      for (const target of [rotated, dropped]) {
        await target.db
          .prepare(
            "INSERT INTO users (id, email, password_hash, role, email_verified_at, created_at) SELECT ?, 'rotation@example.com', 'x', 'admin', 1, 1",
          )
          .bind("u1")
          .run();
        const token = decodeURIComponent(cookie.split("=")[1]!);
        const raw = JSON.parse(atob(token.slice(0, token.lastIndexOf(".")))) as string;
        await target.db
          .prepare("INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES (?, 'u1', ?, ?)")
          .bind(sessionIdOf(raw), Date.now(), Date.now() + 1e9)
          .run();
      }
      expect((await rotated.fetch("/admin/quotes", { redirect: "manual", headers: { Cookie: cookie } })).status).toBe(200);
      expect((await dropped.fetch("/admin/quotes", { redirect: "manual", headers: { Cookie: cookie } })).headers.get("Location")).toBe(
        SIGN_IN_TO_QUOTES,
      );
    } finally {
      await rotated.dispose();
      await dropped.dispose();
    }
  });

  test("sign-out ends the session; 'sign out everywhere' ends them all", async () => {
    await createUser(ADMIN, "admin");
    const first = await signIn(ADMIN);
    const second = await signIn(ADMIN);
    const out = await post("/auth/sign-out", {}, { Cookie: first.cookie });
    expect(out.headers.get("Location")).toBe("/auth");
    expect(await text(await get("/auth", cookiesOf(out)))).toContain(AUTH_MESSAGES.signedOut);
    expect((await get("/admin/quotes", first.cookie)).headers.get("Location")).toBe(SIGN_IN_TO_QUOTES);
    expect((await get("/admin/quotes", second.cookie)).status).toBe(200);
    await post("/auth/sign-out", { scope: "everywhere" }, { Cookie: second.cookie });
    expect(await worker.db.prepare("SELECT count(*) AS n FROM sessions").first()).toEqual({ n: 0 });
  });
});

describe("a signed-in account without the admin role", () => {
  test("is denied the admin, told on /auth whom it is signed in as, and can sign out without JavaScript", async () => {
    await createUser("staff@example.com", "user");
    const { cookie } = await signIn("staff@example.com");
    const denied = await get("/admin/quotes", cookie);
    expect(denied.headers.get("Location")).toBe("/");
    expect(await text(await get("/", [cookie, cookiesOf(denied)].join("; ")))).toContain(AUTH_MESSAGES.accessDenied);

    const page = await get("/auth", cookie);
    expect(page.status).toBe(200);
    const html = await text(page);
    expect(html).toContain("Signed in as <strong");
    expect(html).toContain("staff@example.com");
    expect(html).toContain(AUTH_MESSAGES.noAdminAccess);
    expect(html).toMatch(/<form method="post" action="\/auth\/sign-out"/);
    expect(html).not.toContain('name="password"');

    const out = await post("/auth/sign-out", {}, { Cookie: cookie });
    expect(out.headers.get("Location")).toBe("/auth");
    expect(await worker.db.prepare("SELECT count(*) AS n FROM sessions").first()).toEqual({ n: 0 });
    const after = await text(await get("/auth", cookiesOf(out)));
    expect(after).toContain(AUTH_MESSAGES.signedOut);
    expect(after).toContain('name="password"');
  });

  test("an admin who is signed in goes from /auth straight to the admin", async () => {
    await createUser(ADMIN, "admin");
    const { cookie } = await signIn(ADMIN);
    expect((await get("/auth", cookie)).headers.get("Location")).toBe("/admin");
  });
});

describe("password reset", () => {
  test("links in e-mails point to SITE_URL whatever Host or X-Forwarded-Host the request names", async () => {
    await createUser(ADMIN, "admin");
    // No Origin header (as curl sends it), so the same-origin check has nothing to refuse.
    const sent = await worker.fetch("/auth/forgot", {
      method: "POST",
      body: new URLSearchParams({ email: ADMIN }),
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Host: "evil.example", "X-Forwarded-Host": "evil.example" },
    });
    expect(await text(sent)).toContain(AUTH_MESSAGES.resetSent);
    const mail = await waitFor(() => worker.mails().find((m) => m.to === ADMIN && m.subject === "Reset your password"), "the reset mail");
    expect(mail.links).toHaveLength(1);
    expect(mail.links[0]!.startsWith(`${worker.origin}/auth/reset?token=`)).toBe(true);
    expect(mail.text).not.toContain("evil.example");
    // Sent with an HTML part too, whose only link is the same one.
    expect(mail.html).toContain(`<a href="${mail.links[0]}"`);
    expect(mail.html.match(/<a /g)).toHaveLength(1);
  });

  test("a single-use link sets the new password and ends other sessions; a replay or forgery is refused", async () => {
    await createUser(ADMIN, "admin");
    const session = await signIn(ADMIN);
    const sent = await post("/auth/forgot", { email: ADMIN });
    expect(await text(sent)).toContain(AUTH_MESSAGES.resetSent);
    expect(await text(await post("/auth/forgot", { email: "nobody@example.com" }))).toContain(AUTH_MESSAGES.resetSent);

    const mail = await waitFor(() => worker.mails().find((m) => m.to === ADMIN && m.subject === "Reset your password"), "the reset mail");
    const link = new URL(mail.links[0]!);
    const token = link.searchParams.get("token")!;
    // Forgeries are refused while the real link is still good: another secret, another account.
    const userId = (await worker.db.prepare("SELECT id FROM users WHERE email = ?").bind(ADMIN).first<{ id: string }>())!.id;
    const claims = JSON.parse(atob(token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/")));
    for (const forged of [
      signToken(["another-secret-that-is-long-enough-0000"], { ...claims }),
      signToken(["another-secret-that-is-long-enough-0000"], { ...claims, sub: userId, exp: claims.exp + 3600 }),
      `${token.split(".")[0]}.${btoa(JSON.stringify({ ...claims, exp: claims.exp + 3600 })).replace(/=+$/, "")}.${token.split(".")[2]}`,
    ]) {
      const refused = await post("/auth/reset", { token: forged, password: "a forged passphrase" });
      expect(refused.status).toBe(400);
    }
    expect(await text(await get(link.pathname + link.search))).toContain("Set new password");
    const NEW_PASSWORD = "a brand new passphrase";
    const reset = await post("/auth/reset", { token, password: NEW_PASSWORD });
    expect(reset.headers.get("Location")).toBe("/auth");
    expect((await get("/admin/quotes", session.cookie)).headers.get("Location")).toBe(SIGN_IN_TO_QUOTES);
    expect((await signIn(ADMIN, NEW_PASSWORD)).response.status).toBe(302);

    const replay = await post("/auth/reset", { token, password: "yet another passphrase" });
    expect(replay.status).toBe(400);
    expect(await text(replay)).toContain(AUTH_MESSAGES.linkInvalid);
    expect((await signIn(ADMIN, NEW_PASSWORD)).response.status).toBe(302);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(worker.mails().some((m) => m.to === "nobody@example.com")).toBe(false);
  });
});

describe("admin status steps", () => {
  async function adminCookie() {
    await createUser(ADMIN, "admin");
    return (await signIn(ADMIN)).cookie;
  }

  test("pending → quoted → completed, each with an audit row naming the admin; skips and reversals refused", async () => {
    const cookie = await adminCookie();
    const id = await insertQuote();
    const step = (to: string, who = cookie) => post("/admin/quotes", { id, to }, { Cookie: who });

    const skipped = await step("completed");
    expect(skipped.status).toBe(409);
    expect(await text(skipped)).toContain("Failed to update quote status");
    const quoted = await step("quoted");
    expect(quoted.status).toBe(302);
    expect(await text(await get("/admin/quotes", `${cookie}; ${cookiesOf(quoted)}`))).toContain("Quote status updated successfully");
    expect((await step("pending")).status).toBe(409);
    expect((await step("completed")).status).toBe(302);
    expect((await step("cancelled")).status).toBe(409);

    const trail = await worker.db
      .prepare(
        "SELECT s.from_status, s.to_status, u.email FROM status_changes s JOIN users u ON u.id = s.actor_user_id ORDER BY s.created_at",
      )
      .all();
    expect(trail.results).toEqual([
      { from_status: "pending", to_status: "quoted", email: ADMIN },
      { from_status: "quoted", to_status: "completed", email: ADMIN },
    ]);
    expect(await worker.db.prepare("SELECT status FROM quote_requests").first()).toEqual({ status: "completed" });
  });

  test("contact messages: unread → read → responded", async () => {
    const cookie = await adminCookie();
    const id = crypto.randomUUID();
    await worker.db
      .prepare(
        "INSERT INTO contact_messages (id, created_at, updated_at, name, email, message, status) VALUES (?, 1, 1, 'A', 'a@example.com', 'Hi', 'unread')",
      )
      .bind(id)
      .run();
    expect((await post("/admin/messages", { id, to: "responded" }, { Cookie: cookie })).status).toBe(409);
    expect((await post("/admin/messages", { id, to: "read" }, { Cookie: cookie })).status).toBe(302);
    expect((await post("/admin/messages", { id, to: "responded" }, { Cookie: cookie })).status).toBe(302);
    expect(await worker.db.prepare("SELECT status FROM contact_messages").first()).toEqual({ status: "responded" });
  });

  test("anonymous, non-admin, unknown id, malformed and cross-origin updates change nothing", async () => {
    const cookie = await adminCookie();
    await createUser("user@example.com", "user");
    const userCookie = (await signIn("user@example.com")).cookie;
    const id = await insertQuote();
    expect((await post("/admin/quotes", { id, to: "quoted" })).headers.get("Location")).toBe(SIGN_IN_TO_QUOTES);
    expect((await post("/admin/quotes", { id, to: "quoted" }, { Cookie: userCookie })).headers.get("Location")).toBe("/");
    expect((await post("/admin/quotes", { id: crypto.randomUUID(), to: "quoted" }, { Cookie: cookie })).status).toBe(404);
    expect((await post("/admin/quotes", { id: "not-a-uuid", to: "quoted" }, { Cookie: cookie })).status).toBe(400);
    expect((await post("/admin/quotes", { id, to: "quoted" }, { Cookie: cookie, Origin: "https://evil.example" })).status).toBe(403);
    expect(await worker.db.prepare("SELECT status FROM quote_requests").first()).toEqual({ status: "pending" });
    expect(await worker.db.prepare("SELECT count(*) AS n FROM status_changes").first()).toEqual({ n: 0 });
  });

  test("an unknown record answers 404 inside the admin frame: header, tabs with counts, sign-out", async () => {
    const cookie = await adminCookie();
    await insertQuote();
    for (const path of [`/admin/quotes/${crypto.randomUUID()}`, `/admin/messages/${crypto.randomUUID()}`]) {
      const response = await get(path, cookie);
      expect(response.status).toBe(404);
      const html = await text(response);
      expect(html).toContain(ADMIN_MESSAGES.recordNotFound);
      expect(html).toContain("Quote Requests (1)");
      expect(html).toContain('action="/auth/sign-out"');
      expect(html).toContain(ADMIN);
    }
  });

  test("a demotion takes effect at once", async () => {
    const cookie = await adminCookie();
    expect((await get("/admin/quotes", cookie)).status).toBe(200);
    await worker.db.prepare("UPDATE users SET role = 'user'").run();
    expect((await get("/admin/quotes", cookie)).headers.get("Location")).toBe("/");
  });

  test("HTML in every stored field is shown as text in the list and the detail view", async () => {
    const cookie = await adminCookie();
    const evil = "<img src=x onerror=alert(1)>";
    const id = await insertQuote({
      name: `${evil}name`,
      email: "x@example.com",
      phone: "876 555 0100",
      address: `${evil}address`,
      additionalInfo: `${evil}info`,
    });
    for (const path of ["/admin/quotes", `/admin/quotes/${id}`]) {
      const html = await (await get(path, cookie)).text();
      expect(html).not.toContain("<img src=x");
      expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;name");
    }
    expect(await (await get(`/admin/quotes/${id}`, cookie)).text()).toContain("&lt;img src=x onerror=alert(1)&gt;info");

    const messageId = crypto.randomUUID();
    await worker.db
      .prepare(
        "INSERT INTO contact_messages (id, created_at, updated_at, name, email, phone, message, status) VALUES (?, 1, 1, ?, 'y@example.com', ?, ?, 'unread')",
      )
      .bind(messageId, `${evil}sender`, `${evil}phone`, `${evil}message`)
      .run();
    for (const path of ["/admin/messages", `/admin/messages/${messageId}`]) {
      const html = await (await get(path, cookie)).text();
      expect(html).not.toContain("<img src=x");
      for (const field of ["sender", "message"]) expect(html).toContain(`&lt;img src=x onerror=alert(1)&gt;${field}`);
    }
  });

  test("lists are newest first with 'MMM dd, yyyy' dates and page past 50 rows; empty states", async () => {
    const cookie = await adminCookie();
    expect(await text(await get("/admin/quotes", cookie))).toContain("No quote requests yet.");
    expect(await text(await get("/admin/messages", cookie))).toContain("No contact messages yet.");
    const statements = Array.from({ length: 55 }, (_, i) =>
      worker.db
        .prepare(
          "INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status) VALUES (?, ?, ?, ?, 'a@example.com', '8765550100', 'x', 'residential', 'pending')",
        )
        .bind(crypto.randomUUID(), Date.UTC(2026, 0, 1 + i, 17), 1, `Client ${String(i).padStart(2, "0")}`),
    );
    await worker.db.batch(statements);
    const first = await text(await get("/admin/quotes", cookie));
    expect(first).toContain("Quote Requests (55)");
    expect(first.indexOf("Client 54")).toBeLessThan(first.indexOf("Client 53"));
    expect(first).toContain("Feb 24, 2026");
    expect(first).not.toContain("Client 04");
    expect(first).toContain("Page <!-- -->1<!-- --> of <!-- -->2");
    const second = await text(await get("/admin/quotes?page=2", cookie));
    expect(second).toContain("Client 04");
    expect(second).toContain("Jan 01, 2026");
    expect(await text(await get("/admin/quotes?status=completed", cookie))).toContain("No quote requests yet.");
  });
});

describe("the daily cron", () => {
  test("deletes expired sessions, failed sign-ins older than their window, month-old account mails and expired passkey challenges; live ones stay", async () => {
    const userId = await createUser(ADMIN, "admin");
    const now = Date.now();
    const windowMs = SIGN_IN_THROTTLE.windowMinutes * 60_000;
    await worker.db.batch([
      worker.db
        .prepare("INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES ('expired', ?, ?, ?)")
        .bind(userId, now - 40 * 86_400_000, now - 1000),
      worker.db
        .prepare("INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES ('live', ?, ?, ?)")
        .bind(userId, now, now + 86_400_000),
      worker.db
        .prepare("INSERT INTO sign_in_failures (account_key, client_key, failed_at) VALUES ('a', 'c', ?)")
        .bind(now - windowMs - 1000),
      worker.db.prepare("INSERT INTO sign_in_failures (account_key, client_key, failed_at) VALUES ('a', 'c', ?)").bind(now - 1000),
      worker.db
        .prepare("INSERT INTO passkey_challenges (id, ceremony, user_id, expires_at) VALUES ('gone', 'sign-in', NULL, ?)")
        .bind(now - 1000),
      worker.db
        .prepare("INSERT INTO passkey_challenges (id, ceremony, user_id, expires_at) VALUES ('open', 'sign-in', NULL, ?)")
        .bind(now + 60_000),
      // Outbox rows: an old account mail goes; a recent one and an old mail about a request stay.
      ...[
        ["old-account", null, now - 31 * 86_400_000],
        ["new-account", null, now - 1000],
        ["old-request", "quote_request", now - 31 * 86_400_000],
      ].map(([id, entity, at]) =>
        worker.db
          .prepare(
            "INSERT INTO mail_deliveries (id, kind, entity, entity_id, to_address, subject, status, attempts, created_at, updated_at) VALUES (?, ?, ?, ?, 'a@example.com', 'S', 'sent', 1, ?, ?)",
          )
          .bind(id, entity ? "confirmation" : "account", entity, entity ? "r" : null, at, at),
      ),
    ]);
    const scheduledTime = new Date(now);
    const { outcome } = await (await worker.mf.getWorker()).scheduled({ scheduledTime, cron: "30 13 * * *" });
    expect(outcome).toBe("ok");
    const line = await waitFor(
      () => worker.output().find((text) => text.includes("expired_rows_deleted") && text.includes(scheduledTime.toISOString())),
      "the cleanup's log line",
    );
    expect(JSON.parse(line.slice(line.indexOf("{")))).toMatchObject({
      sessionsDeleted: 1,
      signInFailuresDeleted: 1,
      accountMailsDeleted: 1,
      passkeyChallengesDeleted: 1,
    });
    expect((await worker.db.prepare("SELECT id FROM passkey_challenges").all()).results).toEqual([{ id: "open" }]);
    const kept = await worker.db
      .prepare("SELECT id FROM mail_deliveries WHERE id IN ('old-account', 'new-account', 'old-request') ORDER BY id")
      .all();
    expect(kept.results).toEqual([{ id: "new-account" }, { id: "old-request" }]);
    expect((await worker.db.prepare("SELECT id FROM sessions").all()).results).toEqual([{ id: "live" }]);
    expect(await worker.db.prepare("SELECT count(*) AS n FROM sign_in_failures").first()).toEqual({ n: 1 });
  });
});
