/**
 * The team (docs/product.md §10 "Team", docs/decisions/010-team-invitations.md) against the
 * production Worker in Miniflare with real D1: invitations by e-mail and their single-use,
 * expiring links; who may open and post to /admin/team; role changes and deletions with their
 * audit rows; the last admin, guarded in SQL even against two admins acting at once; the last
 * sign-in; the /auth page's note about admin access.
 */
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { INVITATION_TTL_HOURS, MAX_OPEN_INVITATIONS } from "~/domain/limits";
import { GATE_MESSAGES } from "~/domain/texts/messages";
import { AUTH_MESSAGES, TEAM_MESSAGES } from "~/domain/texts/staff-messages";
import { hashPassword, sessionIdOf, verifyPassword } from "~/server/auth";
import {
  cookiesOf,
  createAdminSession,
  newClientIp,
  postFields,
  postForm,
  sendUntilRefused,
  startWorker,
  waitFor,
  type TestWorker,
} from "./worker";

let worker: TestWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());
beforeEach(async () => {
  await worker.db.batch(
    ["team_changes", "invitations", "status_changes", "sessions", "users", "sign_in_failures"].map((table) =>
      worker.db.prepare(`DELETE FROM ${table}`),
    ),
  );
});

const PASSWORD = "sea breeze at Doctor's Cave";
const HOUR_MS = 3_600_000;

/** A POST to the team page as the browser without JavaScript sends it (urlencoded), with a session. */
const post = (path: string, fields: Record<string, string>, cookie = "") =>
  postFields(worker, path, fields, cookie ? { Cookie: cookie } : {});

const get = (path: string, cookie = "") => worker.fetch(path, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
const text = async (response: Response) => (await response.text()).replaceAll("&#x27;", "'").replaceAll("&quot;", '"');

/** Accepts an invitation as the browser without JavaScript does (multipart, from a new client). */
function accept(token: string, password = PASSWORD, cookie = "") {
  const form = new FormData();
  form.set("token", token);
  form.set("password", password);
  if (!cookie) return postForm(worker, `/auth/invite?token=${token}`, form);
  const body = new URLSearchParams({ token, password });
  return worker.fetch(`/auth/invite?token=${token}`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { Origin: worker.origin, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
  });
}

const rows = <T = Record<string, unknown>>(sql: string, ...values: unknown[]) =>
  worker.db
    .prepare(sql)
    .bind(...values)
    .all<T>()
    .then((result) => result.results);

async function createAccount(email: string, role: "user" | "admin", { verified = true, password = PASSWORD } = {}) {
  const id = crypto.randomUUID();
  await worker.db
    .prepare("INSERT INTO users (id, email, password_hash, role, email_verified_at, created_at) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(id, email, await hashPassword(password), role, verified ? Date.now() : null, Date.now())
    .run();
  return id;
}

/**
 * Inserts an invitation straight into D1 with a token of our own, sent by `invitedBy` (by
 * default a new verified admin); returns the token.
 */
async function insertInvitation(
  email: string,
  { expiresAt = Date.now() + HOUR_MS, acceptedAt = null as number | null, invitedBy = null as string | null } = {},
) {
  const token = Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) => "abcdefghijklmnopqrstuvwxyz234567"[byte % 32]).join("");
  const inviter = invitedBy ?? (await createAccount(`inviter-${crypto.randomUUID().slice(0, 8)}@example.com`, "admin"));
  await worker.db
    .prepare(
      "INSERT INTO invitations (id, email, token_hash, invited_by_user_id, created_at, expires_at, accepted_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(crypto.randomUUID(), email, sessionIdOf(token), inviter, Date.now(), expiresAt, acceptedAt)
    .run();
  return token;
}

/** Invites `email` as the admin with `cookie`; returns the response and, once sent, the link's token. */
async function invite(cookie: string, email: string) {
  const sentBefore = worker.mails().length;
  const response = await post("/admin/team", { intent: "invite", email }, cookie);
  expect(response.status).toBe(302);
  const mail = await waitFor(
    () =>
      worker
        .mails()
        .slice(sentBefore)
        .find((m) => m.to === email.toLowerCase()),
    `the invitation to ${email}`,
  );
  return { response, mail, token: new URL(mail.links[0]!).searchParams.get("token")! };
}

const changes = () =>
  rows<{ action: string; subject_email: string; actor_user_id: string | null }>(
    "SELECT action, subject_email, actor_user_id FROM team_changes ORDER BY created_at, rowid",
  );

describe("invitations", () => {
  test("invite → e-mail with a link to SITE_URL → set a password → signed in as an admin", async () => {
    const admin = await createAdminSession(worker);
    const { response, mail, token } = await invite(admin.cookie, "Ben.Brown@Example.com");
    expect(response.headers.get("Location")).toBe("/admin/team");
    const after = await text(await get("/admin/team", [admin.cookie, cookiesOf(response)].join("; ")));
    expect(after).toContain(TEAM_MESSAGES.invitationSent);
    expect(after).toContain("ben.brown@example.com");
    expect(after).toContain(`${admin.email} invited ben.brown@example.com`);

    // The mail: to the lower-cased address, one link to this site, with an HTML part.
    expect(mail.subject).toMatch(/invited/);
    expect(mail.links).toHaveLength(1);
    expect(mail.links[0]).toBe(`${worker.origin}/auth/invite?token=${token}`);
    expect(mail.text).toContain(admin.email);
    expect(mail.text).toContain(`${INVITATION_TTL_HOURS} hours`);
    expect(mail.html).toContain(`<a href="${mail.links[0]}"`);

    // D1 holds the token's SHA-256 only, valid 72 hours, and the audit row.
    const [stored] = await rows<{ email: string; token_hash: string; invited_by_user_id: string; expires_at: number; created_at: number }>(
      "SELECT * FROM invitations",
    );
    expect(stored).toMatchObject({ email: "ben.brown@example.com", token_hash: sessionIdOf(token), invited_by_user_id: admin.userId });
    expect(stored!.expires_at - stored!.created_at).toBe(INVITATION_TTL_HOURS * HOUR_MS);
    expect(JSON.stringify(await rows("SELECT * FROM invitations"))).not.toContain(token);
    expect(await changes()).toEqual([{ action: "invited", subject_email: "ben.brown@example.com", actor_user_id: admin.userId }]);

    // The link: the address invited and a password form, in the auth look.
    const page = await get(`/auth/invite?token=${token}`);
    expect(page.status).toBe(200);
    const html = await text(page);
    expect(html).toContain("Join the team");
    expect(html).toContain("ben.brown@example.com");
    expect(html).toContain('name="password"');
    expect(html).toContain(`name="token" value="${token}"`);

    // A weak password is refused with the reset page's reasons; nothing changes.
    const weak = await accept(token, "12345678");
    expect(weak.status).toBe(400);
    expect(await text(weak)).toContain("Do not use only numbers.");
    const same = await accept(token, "ben.brown@example.com");
    expect(same.status).toBe(400);
    expect(await text(same)).toContain("Do not use your e-mail address.");
    expect(await rows("SELECT id FROM users WHERE email = 'ben.brown@example.com'")).toEqual([]);

    const joined = await accept(token);
    expect(joined.status).toBe(302);
    expect(joined.headers.get("Location")).toBe("/admin");
    const cookie = cookiesOf(joined)
      .split("; ")
      .filter((pair) => pair.startsWith("__session="))
      .join("");
    expect(cookie).not.toBe("");
    const quotes = await get("/admin/quotes", cookie);
    expect(quotes.status).toBe(200);
    expect(await text(await get("/admin/quotes", cookiesOf(joined)))).toContain(TEAM_MESSAGES.joined);

    const [user] = await rows<{
      id: string;
      role: string;
      email_verified_at: number | null;
      last_sign_in_at: number | null;
      password_hash: string;
    }>("SELECT * FROM users WHERE email = 'ben.brown@example.com'");
    expect(user).toMatchObject({ role: "admin" });
    expect(user!.email_verified_at).toBeGreaterThan(Date.now() - 60_000);
    expect(user!.last_sign_in_at).toBeGreaterThan(Date.now() - 60_000);
    expect(await verifyPassword(PASSWORD, user!.password_hash)).toBe(true);
    expect((await changes()).map((change) => change.action)).toEqual(["invited", "joined"]);
    expect((await changes())[1]).toEqual({ action: "joined", subject_email: "ben.brown@example.com", actor_user_id: user!.id });
    expect(await text(await get("/admin/team", cookie))).toContain("ben.brown@example.com accepted the invitation and joined as an admin");

    // The link works once: a second visit or post is refused, and nothing changes.
    const again = await get(`/auth/invite?token=${token}`);
    expect(again.status).toBe(200);
    const againHtml = await text(again);
    expect(againHtml).toContain(TEAM_MESSAGES.invitationInvalid);
    expect(againHtml).not.toContain('name="password"');
    const replay = await accept(token, "another long passphrase");
    expect(replay.status).toBe(400);
    expect(await text(replay)).toContain(TEAM_MESSAGES.invitationInvalid);
    expect(replay.headers.getSetCookie().some((header) => header.startsWith("__session="))).toBe(false);
    const [unchanged] = await rows<{ password_hash: string }>("SELECT password_hash FROM users WHERE id = ?", user!.id);
    expect(unchanged!.password_hash).toBe(user!.password_hash);
    expect(await rows("SELECT id FROM team_changes WHERE action = 'joined'")).toHaveLength(1);
  });

  test("an expired link is refused and changes nothing", async () => {
    const token = await insertInvitation("late@example.com", { expiresAt: Date.now() - 1000 });
    const page = await text(await get(`/auth/invite?token=${token}`));
    expect(page).toContain(TEAM_MESSAGES.invitationInvalid);
    expect(page).toContain('href="/auth"');
    const response = await accept(token);
    expect(response.status).toBe(400);
    expect(await text(response)).toContain(TEAM_MESSAGES.invitationInvalid);
    expect(await rows("SELECT id FROM users WHERE email NOT LIKE 'inviter-%'")).toEqual([]);
    expect(await rows("SELECT accepted_at FROM invitations")).toEqual([{ accepted_at: null }]);
    expect(await changes()).toEqual([]);
  });

  test("a forged, malformed, missing or overlong token is refused with the same page, never a 500", async () => {
    await insertInvitation("real@example.com");
    const forged = await insertInvitation("other@example.com").then((token) => token.replace(/^./, (c) => (c === "a" ? "b" : "a")));
    for (const token of [forged, "abc", "", "A".repeat(32), "<script>", "a".repeat(2048)]) {
      const page = await get(`/auth/invite?token=${encodeURIComponent(token)}`);
      expect(page.status, token).toBe(200);
      expect(await text(page)).toContain(TEAM_MESSAGES.invitationInvalid);
      const response = await accept(token || "x");
      expect(response.status, token).toBe(400);
    }
    expect((await get("/auth/invite")).status).toBe(200);
    // The input gate's limit on a query value.
    expect((await get(`/auth/invite?token=${"a".repeat(3000)}`)).status).toBe(400);
    expect(await rows("SELECT id FROM users WHERE email NOT LIKE 'inviter-%'")).toEqual([]);
    expect(await rows("SELECT id FROM invitations WHERE accepted_at IS NOT NULL")).toEqual([]);
  });

  test("accepting for an address with an account sets its password, verifies it, makes it admin and ends its sessions", async () => {
    const id = await createAccount("staff@example.com", "user", { verified: false, password: "an old passphrase" });
    await worker.db
      .prepare("INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES ('old-session', ?, ?, ?)")
      .bind(id, Date.now(), Date.now() + HOUR_MS)
      .run();
    const token = await insertInvitation("staff@example.com");
    // Whoever was signed in on this browser is signed out.
    const other = await createAdminSession(worker, "user");
    const response = await accept(token, PASSWORD, other.cookie);
    expect(response.status).toBe(302);
    const [user] = await rows<{ id: string; role: string; email_verified_at: number | null; password_hash: string }>(
      "SELECT * FROM users WHERE email = 'staff@example.com'",
    );
    expect(user).toMatchObject({ id, role: "admin" });
    expect(user!.email_verified_at).not.toBeNull();
    expect(await verifyPassword(PASSWORD, user!.password_hash)).toBe(true);
    const sessions = await rows<{ id: string; user_id: string }>("SELECT id, user_id FROM sessions");
    expect(sessions.map((session) => session.id)).not.toContain("old-session");
    expect(sessions.map((session) => session.id)).not.toContain(other.sessionId);
    expect(sessions.filter((session) => session.user_id === id)).toHaveLength(1);
    expect(await changes()).toEqual([{ action: "joined", subject_email: "staff@example.com", actor_user_id: id }]);
  });

  test("inviting an admin's address is refused and changes nothing", async () => {
    const admin = await createAdminSession(worker);
    await createAccount("boss@example.com", "admin");
    const mailsBefore = worker.mails().length;
    for (const email of ["boss@example.com", "BOSS@example.com", admin.email]) {
      const response = await post("/admin/team", { intent: "invite", email }, admin.cookie);
      expect(response.status).toBe(409);
      expect(await text(response)).toContain(TEAM_MESSAGES.alreadyAdmin);
    }
    expect(await rows("SELECT id FROM invitations")).toEqual([]);
    expect(await changes()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(worker.mails().length).toBe(mailsBefore);
  });

  test("inviting again replaces the open invitation: only the newest link works", async () => {
    const admin = await createAdminSession(worker);
    const first = await invite(admin.cookie, "twice@example.com");
    const second = await invite(admin.cookie, "twice@example.com");
    expect(await rows("SELECT email FROM invitations")).toEqual([{ email: "twice@example.com" }]);
    expect(await text(await get(`/auth/invite?token=${first.token}`))).toContain(TEAM_MESSAGES.invitationInvalid);
    expect((await accept(first.token)).status).toBe(400);
    expect((await accept(second.token)).status).toBe(302);
    expect((await changes()).map((change) => change.action)).toEqual(["invited", "invited", "joined"]);
  });

  test(`at most ${MAX_OPEN_INVITATIONS} open invitations; expired ones do not count and are swept`, async () => {
    const admin = await createAdminSession(worker);
    for (let i = 0; i < MAX_OPEN_INVITATIONS - 1; i++) await insertInvitation(`open-${i}@example.com`);
    await insertInvitation("expired@example.com", { expiresAt: Date.now() - 1000 });
    await invite(admin.cookie, "last-place@example.com");
    const refused = await post("/admin/team", { intent: "invite", email: "one-too-many@example.com" }, admin.cookie);
    expect(refused.status).toBe(409);
    expect(await text(refused)).toContain(TEAM_MESSAGES.tooManyInvitations);
    // Inviting an address again stays possible: it replaces its own invitation.
    expect((await post("/admin/team", { intent: "invite", email: "open-3@example.com" }, admin.cookie)).status).toBe(302);
    const open = await rows<{ n: number }>("SELECT count(*) AS n FROM invitations WHERE accepted_at IS NULL");
    expect(open).toEqual([{ n: MAX_OPEN_INVITATIONS }]);
    expect(await rows("SELECT id FROM invitations WHERE email = 'expired@example.com'")).toEqual([]);
    expect(await rows("SELECT id FROM invitations WHERE email = 'one-too-many@example.com'")).toEqual([]);
  });

  test("a revoked invitation's link stops working; revoking it twice says it is gone", async () => {
    const admin = await createAdminSession(worker);
    const { token } = await invite(admin.cookie, "maybe@example.com");
    const [{ id }] = (await rows<{ id: string }>("SELECT id FROM invitations")) as [{ id: string }];
    const page = await text(await get("/admin/team", admin.cookie));
    expect(page).toContain("Pending invitations (1)");
    expect(page).toContain(`Invited by ${admin.email}`);
    const revoked = await post("/admin/team", { intent: "revoke", id }, admin.cookie);
    expect(revoked.status).toBe(302);
    expect(await text(await get("/admin/team", [admin.cookie, cookiesOf(revoked)].join("; ")))).toContain(TEAM_MESSAGES.invitationRevoked);
    expect(await text(await get(`/auth/invite?token=${token}`))).toContain(TEAM_MESSAGES.invitationInvalid);
    const again = await post("/admin/team", { intent: "revoke", id }, admin.cookie);
    expect(again.status).toBe(404);
    expect(await text(again)).toContain(TEAM_MESSAGES.invitationGone);
  });

  test("accepting is limited per client like the other account pages", async () => {
    const token = await insertInvitation("slow@example.com");
    const ip = newClientIp();
    // 10 a minute (wrangler.toml, AUTH_RATE_LIMITER).
    const { statuses } = await sendUntilRefused(10, () => {
      const form = new FormData();
      form.set("token", token);
      form.set("password", "short");
      return postForm(worker, "/auth/invite", form, ip);
    });
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(0, -1).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("who may use the team page", () => {
  test("a visitor is sent to sign in and an account without the admin role is denied, for pages and posts alike", async () => {
    const anonymous = await get("/admin/team");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/auth?redirectTo=%2Fadmin%2Fteam");

    const user = await createAdminSession(worker, "user");
    const page = await get("/admin/team", user.cookie);
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/");
    const admin = await createAdminSession(worker);
    const attempts: Array<Record<string, string>> = [
      { intent: "invite", email: "friend@example.com" },
      { intent: "promote", id: user.userId },
      { intent: "delete", id: admin.userId },
      { intent: "demote", id: admin.userId },
    ];
    for (const fields of attempts) {
      const posted = await post("/admin/team", fields, user.cookie);
      expect(posted.status).toBe(302);
      expect(posted.headers.get("Location")).toBe("/");
      expect((await post("/admin/team", fields)).headers.get("Location")).toBe("/auth?redirectTo=%2Fadmin%2Fteam");
    }
    expect(await rows("SELECT id FROM invitations")).toEqual([]);
    expect(await rows("SELECT role FROM users ORDER BY role")).toEqual([{ role: "admin" }, { role: "user" }]);
    expect(await changes()).toEqual([]);
    // A post from another site is refused before anything reads it.
    const cross = await worker.fetch("/admin/team", {
      method: "POST",
      body: new URLSearchParams({ intent: "invite", email: "x@example.com" }),
      redirect: "manual",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded", Cookie: admin.cookie },
    });
    expect(cross.status).toBe(403);
  });

  test("bad input gets a clear message, never a 500", async () => {
    const admin = await createAdminSession(worker);
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ intent: "invite", email: "not an address" }, 400, "Please enter a valid email address."],
      [{ intent: "invite", email: "" }, 400, "Email is required."],
      [{ intent: "invite" }, 400, "Email is required."],
      [{ intent: "promote", id: "not-a-uuid" }, 400, TEAM_MESSAGES.requestIncomplete],
      [{ intent: "promote" }, 400, TEAM_MESSAGES.requestIncomplete],
      [{ intent: "explode", id: admin.userId }, 400, TEAM_MESSAGES.requestIncomplete],
      [{}, 400, TEAM_MESSAGES.requestIncomplete],
      [{ intent: "promote", id: crypto.randomUUID() }, 404, TEAM_MESSAGES.accountGone],
      [{ intent: "delete", id: crypto.randomUUID() }, 404, TEAM_MESSAGES.accountGone],
      [{ intent: "promote", id: admin.userId }, 409, TEAM_MESSAGES.roleUnchanged],
      [{ intent: "revoke", id: crypto.randomUUID() }, 404, TEAM_MESSAGES.invitationGone],
      [{ intent: "invite", email: "a@example.com", role: "admin" }, 400, GATE_MESSAGES.unknownField("role")],
    ];
    for (const [fields, status, message] of cases) {
      const response = await post("/admin/team", fields, admin.cookie);
      expect(response.status, JSON.stringify(fields)).toBe(status);
      expect(await text(response), JSON.stringify(fields)).toContain(message);
    }
    const garbage = await worker.fetch("/admin/team", {
      method: "POST",
      body: "{not a form",
      redirect: "manual",
      headers: { Origin: worker.origin, "Content-Type": "application/json", Cookie: admin.cookie },
    });
    expect(garbage.status).toBe(400);
    expect(await changes()).toEqual([]);
  });

  test("random bodies to the team page and the invitation page never answer 5xx and never remove the last admin", async () => {
    const admin = await createAdminSession(worker);
    const token = await insertInvitation("fuzzed@example.com");
    const names = ["intent", "email", "id", "token", "password", "role", "__intent__"];
    const values = fc.oneof(
      fc.constantFrom("invite", "revoke", "promote", "demote", "delete", admin.userId, token, "x@example.com", ""),
      fc.uuid(),
      fc.string({ maxLength: 40 }),
      fc.string({ minLength: 300, maxLength: 3000 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.constantFrom(...names), values), { maxLength: 6 }), fc.boolean(), async (fields, toTeam) => {
        const body = new URLSearchParams(fields);
        const response = await worker.fetch(toTeam ? "/admin/team" : "/auth/invite", {
          method: "POST",
          body,
          redirect: "manual",
          headers: {
            Origin: worker.origin,
            "Content-Type": "application/x-www-form-urlencoded",
            ...(toTeam ? { Cookie: admin.cookie } : {}),
          },
        });
        expect(response.status, body.toString().slice(0, 200)).toBeLessThan(500);
        await response.arrayBuffer();
      }),
      { numRuns: 150 },
    );
    expect(await rows("SELECT role FROM users WHERE id = ?", admin.userId)).toEqual([{ role: "admin" }]);
  });
});

describe("roles and accounts", () => {
  test("'Make admin' and 'Remove admin' change the role at once and write team_changes rows", async () => {
    const admin = await createAdminSession(worker);
    const staff = await createAdminSession(worker, "user");
    expect((await get("/admin/quotes", staff.cookie)).headers.get("Location")).toBe("/");

    const promoted = await post("/admin/team", { intent: "promote", id: staff.userId }, admin.cookie);
    expect(promoted.status).toBe(302);
    expect(promoted.headers.get("Location")).toBe("/admin/team");
    expect(await text(await get("/admin/team", [admin.cookie, cookiesOf(promoted)].join("; ")))).toContain(TEAM_MESSAGES.promoted);
    // The role is read on every request: the open session is an admin's now.
    expect((await get("/admin/quotes", staff.cookie)).status).toBe(200);

    const demoted = await post("/admin/team", { intent: "demote", id: staff.userId }, admin.cookie);
    expect(demoted.status).toBe(302);
    expect((await get("/admin/quotes", staff.cookie)).headers.get("Location")).toBe("/");
    expect(await changes()).toEqual([
      { action: "promoted", subject_email: staff.email, actor_user_id: admin.userId },
      { action: "demoted", subject_email: staff.email, actor_user_id: admin.userId },
    ]);
    const page = await text(await get("/admin/team", admin.cookie));
    expect(page).toContain(`${admin.email} made ${staff.email} an admin`);
    expect(page).toContain(`${admin.email} removed the admin access of ${staff.email}`);
  });

  test("the last admin can be neither demoted nor deleted, not even by himself", async () => {
    const admin = await createAdminSession(worker);
    for (const intent of ["demote", "delete"]) {
      const response = await post("/admin/team", { intent, id: admin.userId }, admin.cookie);
      expect(response.status, intent).toBe(409);
      expect(await text(response)).toContain(TEAM_MESSAGES.lastAdmin);
    }
    expect(await rows("SELECT role FROM users WHERE id = ?", admin.userId)).toEqual([{ role: "admin" }]);
    expect((await get("/admin/team", admin.cookie)).status).toBe(200);
    expect(await changes()).toEqual([]);
    // The page offers no way to do it.
    const page = await text(await get("/admin/team", admin.cookie));
    expect(page).toContain("The last admin");
    expect(page).not.toContain("Remove admin");
  });

  test("an account whose address is not verified cannot be made an admin; an unverified admin never counts as the one who remains", async () => {
    const admin = await createAdminSession(worker);
    const squatter = await createAccount("squatter@example.com", "user", { verified: false });
    const refused = await post("/admin/team", { intent: "promote", id: squatter }, admin.cookie);
    expect(refused.status).toBe(409);
    expect(await text(refused)).toContain(TEAM_MESSAGES.notVerified);
    expect(await text(await get("/admin/team", admin.cookie))).toContain("Not verified: to make it an admin, invite the address.");
    // An admin who cannot sign in (made before verification was required) is no safety net.
    await createAccount("ghost-admin@example.com", "admin", { verified: false });
    for (const intent of ["demote", "delete"]) {
      const response = await post("/admin/team", { intent, id: admin.userId }, admin.cookie);
      expect(response.status, intent).toBe(409);
      expect(await text(response)).toContain(TEAM_MESSAGES.lastAdmin);
    }
    expect(await rows("SELECT role FROM users WHERE id = ?", squatter)).toEqual([{ role: "user" }]);
    expect(await changes()).toEqual([]);
  });

  test("an admin who loses the role or the account takes their open invitations with them", async () => {
    const admin = await createAdminSession(worker);
    for (const intent of ["demote", "delete"]) {
      const other = await createAdminSession(worker);
      const { token } = await invite(other.cookie, `invited-by-${intent}@example.com`);
      // Still open while a race could accept it: the link must refuse anyway.
      const raced = await insertInvitation(`raced-${intent}@example.com`, { invitedBy: other.userId });
      expect((await post("/admin/team", { intent, id: other.userId }, admin.cookie)).status).toBe(302);
      expect(
        await rows("SELECT count(*) AS n FROM invitations WHERE accepted_at IS NULL AND email LIKE ?", `%-${intent}@example.com`),
      ).toEqual([{ n: 0 }]);
      for (const link of [token, raced]) {
        const answer = await accept(link);
        expect(answer.status, intent).not.toBe(302);
        expect(await text(answer)).toContain(TEAM_MESSAGES.invitationInvalid);
      }
    }
    // However an invitation of someone who is no admin came to be open, its link refuses.
    const formerAdmin = await createAccount("former@example.com", "user");
    expect(await text(await accept(await insertInvitation("via-former@example.com", { invitedBy: formerAdmin })))).toContain(
      TEAM_MESSAGES.invitationInvalid,
    );
    expect(
      await rows("SELECT count(*) AS n FROM users WHERE email LIKE 'invited-by-%' OR email LIKE 'raced-%' OR email LIKE 'via-%'"),
    ).toEqual([{ n: 0 }]);
  });

  test("two admins removing each other at the same moment: one succeeds, one admin remains", async () => {
    for (const [first, second] of [
      ["demote", "demote"],
      ["delete", "delete"],
      ["demote", "delete"],
    ] as const) {
      await worker.db.batch(["team_changes", "sessions", "users"].map((table) => worker.db.prepare(`DELETE FROM ${table}`)));
      const a = await createAdminSession(worker);
      const b = await createAdminSession(worker);
      const answers = await Promise.all([
        post("/admin/team", { intent: first, id: b.userId }, a.cookie),
        post("/admin/team", { intent: second, id: a.userId }, b.cookie),
      ]);
      const statuses = answers.map((answer) => answer.status).sort();
      // The loser is refused as the last admin, or (if the winner's change came first) is no admin any more.
      expect(statuses[0], `${first}/${second}`).toBe(302);
      expect([302, 409]).toContain(statuses[1]);
      expect(await rows("SELECT count(*) AS n FROM users WHERE role = 'admin'")).toEqual([{ n: 1 }]);
      expect(await changes()).toHaveLength(1);
    }
  });

  test("deleting an account removes it and its sessions and records who did it", async () => {
    const admin = await createAdminSession(worker);
    const staff = await createAdminSession(worker, "user");
    await worker.db
      .prepare("INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES ('second-device', ?, ?, ?)")
      .bind(staff.userId, Date.now(), Date.now() + HOUR_MS)
      .run();
    const response = await post("/admin/team", { intent: "delete", id: staff.userId }, admin.cookie);
    expect(response.status).toBe(302);
    expect(await text(await get("/admin/team", [admin.cookie, cookiesOf(response)].join("; ")))).toContain(TEAM_MESSAGES.deleted);
    expect(await rows("SELECT id FROM users WHERE id = ?", staff.userId)).toEqual([]);
    expect(await rows("SELECT id FROM sessions WHERE user_id = ?", staff.userId)).toEqual([]);
    expect((await get("/auth", staff.cookie)).status).toBe(200);
    expect(await text(await get("/auth", staff.cookie))).toContain('name="password"');
    expect(await changes()).toEqual([{ action: "removed", subject_email: staff.email, actor_user_id: admin.userId }]);
    expect(await text(await get("/admin/team", admin.cookie))).toContain(`${admin.email} deleted the account ${staff.email}`);
  });

  test("an admin who is not the last may remove his own admin access or delete his own account, and lands on the site", async () => {
    const stays = await createAdminSession(worker);
    const leaves = await createAdminSession(worker);
    const demoted = await post("/admin/team", { intent: "demote", id: leaves.userId }, leaves.cookie);
    expect(demoted.status).toBe(302);
    expect(demoted.headers.get("Location")).toBe("/");
    expect(await text(await get("/", cookiesOf(demoted)))).toContain(TEAM_MESSAGES.leftAdmin);
    expect((await get("/admin/quotes", leaves.cookie)).headers.get("Location")).toBe("/");
    expect(await text(await get("/auth", leaves.cookie))).toContain(AUTH_MESSAGES.noAdminAccess);

    const other = await createAdminSession(worker);
    const deleted = await post("/admin/team", { intent: "delete", id: other.userId }, other.cookie);
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe("/");
    expect(deleted.headers.getSetCookie().some((header) => /^__session=.*Max-Age=0/i.test(header))).toBe(true);
    expect(await text(await get("/", cookiesOf(deleted)))).toContain(TEAM_MESSAGES.ownAccountDeleted);
    expect(await rows("SELECT id FROM users WHERE id = ?", other.userId)).toEqual([]);
    expect(await rows("SELECT id FROM sessions WHERE user_id = ?", other.userId)).toEqual([]);
    // Deleted by himself: the audit row keeps the address, its actor is gone with the account.
    expect((await changes()).at(-1)).toEqual({ action: "removed", subject_email: other.email, actor_user_id: null });
    expect(await text(await get("/admin/team", stays.cookie))).toContain(`A deleted account deleted the account ${other.email}`);
    expect(await text(await get("/admin/team", stays.cookie))).toContain(`${leaves.email} gave up their admin access`);
  });
});

describe("the team page", () => {
  test("lists accounts with role, verification and last sign-in in Jamaica time ('Never' before the first)", async () => {
    const admin = await createAdminSession(worker);
    await createAccount("new@example.com", "user", { verified: false });
    await createAccount("signed@example.com", "user");
    const signIn = await post("/auth", { mode: "signin", email: "signed@example.com", password: PASSWORD });
    expect(signIn.status).toBe(302);
    const [{ last_sign_in_at }] = (await rows<{ last_sign_in_at: number }>(
      "SELECT last_sign_in_at FROM users WHERE email = 'signed@example.com'",
    )) as [{ last_sign_in_at: number }];
    expect(last_sign_in_at).toBeGreaterThan(Date.now() - 60_000);
    const shown = new Intl.DateTimeFormat("en-US", {
      timeZone: "America/Jamaica",
      month: "short",
      day: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .format(last_sign_in_at)
      .replace(/^(\w+) (\d+), (\d+), /, "$1 $2, $3 ");

    const page = await get("/admin/team", admin.cookie);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toContain("no-store");
    const html = await text(page);
    expect(html).toContain("Accounts (3)");
    for (const email of [admin.email, "new@example.com", "signed@example.com"]) expect(html).toContain(email);
    expect(html).toContain("Not verified");
    expect(html).toContain("Never");
    expect(html).toContain(shown);
    expect(html).toContain("Make admin");
    expect(html).toContain("Delete account");
    expect(html).toContain("No pending invitations.");
    expect(html).toContain("No changes yet.");
  });
});

describe("the /auth page", () => {
  test("says that a new account opens the admin only once an admin invites it or makes it an admin", async () => {
    const signUp = await text(await get("/auth?mode=signup"));
    expect(signUp).toContain("Create Admin Account");
    expect(signUp).toContain(AUTH_MESSAGES.signUpAdminNote);
    const user = await createAdminSession(worker, "user");
    const signedIn = await text(await get("/auth", user.cookie));
    expect(signedIn).toContain("Signed in as <strong");
    expect(signedIn).toContain(AUTH_MESSAGES.noAdminAccess);
  });
});
