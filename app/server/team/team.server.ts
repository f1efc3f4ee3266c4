/**
 * The team (docs/product.md §10 "Team", docs/decisions/010-team-invitations.md): who has an
 * account and who is an admin, invitations to become one, role changes, deleting accounts,
 * and the audit trail of all of it (`team_changes`).
 *
 * Rules kept here, in SQL, so that no interleaving of requests can break them:
 * - An invitation is a row: D1 keeps only the SHA-256 of the link's token, the link works once
 *   (`accepted_at`) and for INVITATION_TTL_HOURS; at most MAX_OPEN_INVITATIONS are open at once,
 *   an address has at most one (inviting it again replaces the earlier one), and an address
 *   that already belongs to an admin is not invited.
 * - The last admin is never demoted or deleted: the UPDATE or DELETE itself carries
 *   `(SELECT count(*) FROM users WHERE role = 'admin') > 1`. D1 runs each batch as one
 *   transaction, one at a time, so two admins removing each other at once cannot both succeed.
 * - Every change writes its `team_changes` row in the same batch, only if the change happened
 *   (`WHERE changes() = 1`, as updateStatus in app/server/inbox/records.server.ts does).
 *
 * Functions take the request's Drizzle client and return outcomes; none throws for anything a
 * person typed. D1 errors are thrown to the caller. Mails are returned, not sent (the route
 * queues them after the response with queueMail, app/server/mail/queue.server.ts).
 */
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { and, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { INVITATION_TTL_HOURS, MAX_OPEN_INVITATIONS, TEAM_ACCOUNTS_SHOWN, TEAM_CHANGES_SHOWN } from "~/domain/limits";
import type { TeamAction } from "~/domain/enumerations";
import { invitations, teamChanges, users } from "../../../drizzle/schema";
import type { Database } from "../platform/db.server";
import { readCompany, readSiteUrl } from "../platform/env.server";
import type { Mail } from "../mail/mailer.server";
import { hashPassword } from "../auth/password.server";
import { clearFailures } from "../auth/sign-in-throttle.server";

const HOUR_MS = 3_600_000;

/** An invitation link's token: 20 random bytes in lower-case base32 (as a session token). */
const TOKEN_PATTERN = /^[a-z2-7]{32}$/;

/** The D1 key of an invitation token: its SHA-256, hex. The token itself is never stored. */
function tokenHashOf(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

/** One account as the team page lists it. */
export interface TeamAccount {
  id: string;
  email: string;
  role: "user" | "admin";
  verified: boolean;
  lastSignInAt: Date | null;
}

/** One open invitation: to whom, by whom (null once that account is deleted), until when. */
export interface OpenInvitation {
  id: string;
  email: string;
  invitedBy: string | null;
  expiresAt: Date;
}

/** One entry of the audit trail; `actor` is null when that account no longer exists. */
export interface TeamChange {
  id: string;
  action: TeamAction;
  subjectEmail: string;
  actor: string | null;
  createdAt: Date;
}

/**
 * Everything the team page shows. In: the client and the time (invitations past it are not
 * open). Out: the accounts (admins first, then the newest, at most TEAM_ACCOUNTS_SHOWN) with
 * how many accounts and admins there are in all, the open invitations (newest first), and the
 * newest TEAM_CHANGES_SHOWN changes.
 */
export async function listTeam(
  db: Database,
  now: Date = new Date(),
): Promise<{ accounts: TeamAccount[]; accountTotal: number; adminTotal: number; invitations: OpenInvitation[]; changes: TeamChange[] }> {
  const inviter = alias(users, "inviter");
  const actor = alias(users, "actor");
  // Separate queries, not db.batch: in a batch, D1 returns rows as objects, and the joined
  // tables' columns of the same name (email) would overwrite each other.
  const [accounts, [total], [admins], open, changes] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        role: users.role,
        emailVerifiedAt: users.emailVerifiedAt,
        lastSignInAt: users.lastSignInAt,
      })
      .from(users)
      .orderBy(desc(sql`${users.role} = 'admin'`), desc(users.createdAt), users.email)
      .limit(TEAM_ACCOUNTS_SHOWN),
    db.select({ value: count() }).from(users),
    db.select({ value: count() }).from(users).where(eq(users.role, "admin")),
    db
      .select({ id: invitations.id, email: invitations.email, invitedBy: inviter.email, expiresAt: invitations.expiresAt })
      .from(invitations)
      .leftJoin(inviter, eq(invitations.invitedByUserId, inviter.id))
      .where(and(isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)))
      .orderBy(desc(invitations.createdAt)),
    db
      .select({
        id: teamChanges.id,
        action: teamChanges.action,
        subjectEmail: teamChanges.subjectEmail,
        actor: actor.email,
        createdAt: teamChanges.createdAt,
      })
      .from(teamChanges)
      .leftJoin(actor, eq(teamChanges.actorUserId, actor.id))
      .orderBy(desc(teamChanges.createdAt), desc(teamChanges.id))
      .limit(TEAM_CHANGES_SHOWN),
  ]);
  return {
    accounts: accounts.map(({ emailVerifiedAt, ...account }) => ({ ...account, verified: emailVerifiedAt !== null })),
    accountTotal: total?.value ?? 0,
    adminTotal: admins?.value ?? 0,
    invitations: open,
    changes,
  };
}

export type InviteResult = { status: "sent"; mail: Mail } | { status: "already-admin" } | { status: "too-many" };

/**
 * Invites `email` to join the team as an admin. In one batch: expired invitations are swept,
 * the address's earlier open invitation (if any) is replaced, the new one is stored (only the
 * token's SHA-256), valid INVITATION_TTL_HOURS, and 'invited' is recorded. Refused, with
 * nothing changed but the sweep, when the address already belongs to an admin
 * ("already-admin") or MAX_OPEN_INVITATIONS other invitations are open ("too-many"); both are
 * checked inside the statements, not before them. Out: the e-mail with the link to send.
 */
export async function inviteMember(
  db: Database,
  env: CloudflareBindings,
  invite: { email: string; inviter: { id: string; email: string } },
  now: Date = new Date(),
): Promise<InviteResult> {
  const email = invite.email.trim().toLowerCase();
  const token = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
  const at = now.getTime();
  const expiresAt = at + INVITATION_TTL_HOURS * HOUR_MS;
  // Made first: a mail that cannot be made (a configuration mistake) must not leave a stored invitation.
  const mail = invitationMail(env, email, invite.inviter.email, token);
  const notAdmin = "NOT EXISTS (SELECT 1 FROM users WHERE email = ?1 AND role = 'admin')";
  const client = db.$client;
  const [, , inserted] = await client.batch([
    // Expired invitations can never be used: sweep them, so only open ones stay unaccepted.
    client.prepare("DELETE FROM invitations WHERE accepted_at IS NULL AND expires_at <= ?1").bind(at),
    // Replace the address's open invitation, only when the new one will be stored.
    client
      .prepare(
        `DELETE FROM invitations WHERE email = ?1 AND accepted_at IS NULL AND ${notAdmin}
         AND (SELECT count(*) FROM invitations WHERE accepted_at IS NULL AND email <> ?1) < ?2`,
      )
      .bind(email, MAX_OPEN_INVITATIONS),
    client
      .prepare(
        `INSERT INTO invitations (id, email, token_hash, invited_by_user_id, created_at, expires_at)
         SELECT ?3, ?1, ?4, ?5, ?6, ?7 WHERE ${notAdmin}
         AND (SELECT count(*) FROM invitations WHERE accepted_at IS NULL) < ?2`,
      )
      .bind(email, MAX_OPEN_INVITATIONS, crypto.randomUUID(), tokenHashOf(token), invite.inviter.id, at, expiresAt),
    auditStatement(db, "invited", { subjectEmail: email, actorUserId: invite.inviter.id, at }),
  ]);
  if (inserted?.meta.changes !== 1) {
    const existing = await db.select({ role: users.role }).from(users).where(eq(users.email, email)).get();
    return existing?.role === "admin" ? { status: "already-admin" } : { status: "too-many" };
  }
  return { status: "sent", mail };
}

/** The invitation e-mail: who invited, what for, and the single-use link to SITE_URL. */
function invitationMail(env: CloudflareBindings, to: string, inviter: string, token: string): Mail {
  const link = `${readSiteUrl(env)}/auth/invite?token=${token}`;
  const company = readCompany(env).name;
  return {
    to,
    subject: `You are invited to the ${company} admin`,
    text: `${inviter} invited you to the admin of ${company}'s website, where the team answers quote requests and messages.\n\nTo accept, open this link within ${INVITATION_TTL_HOURS} hours and choose your password:\n\n${link}\n\nThe link works once. If this address already has an account, the password you choose replaces its password.\n\nIf you did not expect this invitation, ignore this message.`,
    links: [link],
  };
}

/**
 * Revokes an open invitation (deletes it; its link stops working at once). Out: "revoked", or
 * "not-found" when no open invitation has that id (accepted, replaced, revoked or expired).
 */
export async function revokeInvitation(db: Database, id: string, now: Date = new Date()): Promise<"revoked" | "not-found"> {
  const deleted = await db
    .delete(invitations)
    .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)))
    .returning({ id: invitations.id });
  return deleted.length === 1 ? "revoked" : "not-found";
}

/**
 * The open invitation a link's token belongs to, or null: a token of the wrong shape, unknown
 * (never issued, revoked or replaced), already used, or expired at `now`.
 */
export async function openInvitation(db: Database, token: string, now: Date = new Date()): Promise<{ id: string; email: string } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const row = await db
    .select({ id: invitations.id, email: invitations.email })
    .from(invitations)
    .where(and(eq(invitations.tokenHash, tokenHashOf(token)), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)))
    .get();
  return row ?? null;
}

export type AcceptResult = { status: "joined"; userId: string; email: string } | { status: "invalid" };

/**
 * Accepts an invitation with the password its owner chose (already checked against the
 * password rule by the form). In one batch: the invitation is marked accepted only if it is
 * still open and unexpired and the admin who sent it still is one; then, only if it was, the account is created as a verified admin
 * or, when the address already has one, that account gets the password, is marked verified
 * and made admin, and all its sessions end; 'joined' is recorded. Each statement runs only if
 * the one before it changed a row (`changes() = 1`), so a link used twice at once, or
 * revoked meanwhile, changes nothing the second time. Out: the account to start a session
 * for, or "invalid".
 */
export async function acceptInvitation(db: Database, token: string, password: string, now: Date = new Date()): Promise<AcceptResult> {
  const invitation = await openInvitation(db, token, now);
  if (!invitation) return { status: "invalid" };
  const passwordHash = await hashPassword(password);
  const at = now.getTime();
  const client = db.$client;
  const [accepted, upserted] = await client.batch<{ id: string }>([
    client
      // Only while the admin who sent it still is one: removing an admin ends their invitations.
      .prepare(
        `UPDATE invitations SET accepted_at = ?1 WHERE id = ?2 AND accepted_at IS NULL AND expires_at > ?1
         AND invited_by_user_id IN (SELECT id FROM users WHERE role = 'admin')`,
      )
      .bind(at, invitation.id),
    client
      .prepare(
        `INSERT INTO users (id, email, password_hash, role, email_verified_at, last_sign_in_at, created_at)
         SELECT ?1, ?2, ?3, 'admin', ?4, ?4, ?4 WHERE changes() = 1
         ON CONFLICT(email) DO UPDATE SET password_hash = excluded.password_hash, role = 'admin',
           email_verified_at = COALESCE(users.email_verified_at, excluded.email_verified_at),
           last_sign_in_at = excluded.last_sign_in_at
         RETURNING id`,
      )
      .bind(crypto.randomUUID(), invitation.email, passwordHash, at),
    client
      .prepare(
        `INSERT INTO team_changes (id, action, subject_email, actor_user_id, created_at)
         SELECT ?1, 'joined', ?2, (SELECT id FROM users WHERE email = ?2), ?3 WHERE changes() = 1`,
      )
      .bind(crypto.randomUUID(), invitation.email, at),
    // An existing account starts fresh: whoever was signed in to it signs in again.
    client.prepare("DELETE FROM sessions WHERE changes() = 1 AND user_id = (SELECT id FROM users WHERE email = ?1)").bind(invitation.email),
  ]);
  const userId = upserted?.results[0]?.id;
  if (accepted?.meta.changes !== 1 || !userId) return { status: "invalid" };
  await clearFailures(db, invitation.email);
  return { status: "joined", userId, email: invitation.email };
}

export type RoleChange = "changed" | "not-found" | "unchanged" | "last-admin" | "unverified";

/**
 * Makes account `id` an admin (`to: "admin"`) or an ordinary account (`to: "user"`), and
 * records 'promoted' or 'demoted' by `actorUserId` in the same batch. A demotion applies only
 * while another admin remains (checked by the UPDATE itself). Out: "changed"; "not-found"
 * (no such account); "unchanged" (it already has that role); "last-admin" (no other admin who
 * can sign in would remain); "unverified" (a promotion of an account whose address is not
 * verified: invite the address instead, which sets a new password). The account's sessions stay: the role is read on every admin request.
 */
export async function changeRole(
  db: Database,
  change: { id: string; to: "admin" | "user"; actorUserId: string },
  now: Date = new Date(),
): Promise<RoleChange> {
  const target = await db.select({ email: users.email, role: users.role }).from(users).where(eq(users.id, change.id)).get();
  if (!target) return "not-found";
  if (target.role === change.to) return "unchanged";
  const from = change.to === "admin" ? "user" : "admin";
  // A demotion keeps another admin who can sign in; a promotion needs an address its owner
  // has proved (otherwise whoever signed up with it, and holds its password, would get in).
  const guard = change.to === "user" ? ` AND ${ANOTHER_ADMIN_REMAINS}` : " AND email_verified_at IS NOT NULL";
  const client = db.$client;
  const [updated] = await client.batch([
    client.prepare(`UPDATE users SET role = ?1 WHERE id = ?2 AND role = ?3${guard}`).bind(change.to, change.id, from),
    auditStatement(db, change.to === "admin" ? "promoted" : "demoted", {
      subjectEmail: target.email,
      actorUserId: change.actorUserId,
      at: now.getTime(),
    }),
  ]);
  if (updated?.meta.changes === 1) {
    // A former admin's open invitations no longer speak for the team.
    if (change.to === "user")
      await client.prepare("DELETE FROM invitations WHERE invited_by_user_id = ?1 AND accepted_at IS NULL").bind(change.id).run();
    return "changed";
  }
  return refusalOf(db, change.id, change.to);
}

/**
 * The last-admin rule in SQL, for a statement about account ?2: an admin other than ?2 who has
 * proved their address (so can sign in) remains afterwards.
 */
const ANOTHER_ADMIN_REMAINS = "(SELECT count(*) FROM users WHERE role = 'admin' AND email_verified_at IS NOT NULL AND id <> ?2) > 0";

/**
 * Deletes account `id` and ends its sessions, recording 'removed' by `actorUserId` in the same
 * batch (the actor is left empty when it is the deleted account itself). An admin is deleted
 * only while another admin remains (checked by the DELETE itself). Its audit rows, notes and
 * invitations stay, without it as their actor. Out: "deleted", "not-found" or "last-admin".
 */
export async function deleteAccount(
  db: Database,
  removal: { id: string; actorUserId: string },
  now: Date = new Date(),
): Promise<"deleted" | "not-found" | "last-admin"> {
  const target = await db.select({ email: users.email }).from(users).where(eq(users.id, removal.id)).get();
  if (!target) return "not-found";
  const client = db.$client;
  const [deleted] = await client.batch<{ id: string }>([
    client
      .prepare(`DELETE FROM users WHERE id = ?1 AND (role <> 'admin' OR ${ANOTHER_ADMIN_REMAINS.replace("?2", "?1")}) RETURNING id`)
      .bind(removal.id),
    auditStatement(db, "removed", { subjectEmail: target.email, actorUserId: removal.actorUserId, at: now.getTime() }),
    // sessions.user_id cascades on delete; said here as well, so no session outlives its account.
    client.prepare("DELETE FROM sessions WHERE user_id = ?1 AND NOT EXISTS (SELECT 1 FROM users WHERE id = ?1)").bind(removal.id),
    // Its open invitations end with it (their inviter is now empty).
    client.prepare("DELETE FROM invitations WHERE invited_by_user_id IS NULL AND accepted_at IS NULL"),
  ]);
  // RETURNING, not meta.changes: D1 counts the sessions the foreign key deleted with it.
  if (deleted?.results.length === 1) return "deleted";
  const refusal = await refusalOf(db, removal.id, null);
  return refusal === "last-admin" ? "last-admin" : "not-found";
}

/** Why a guarded change of account `id` matched nothing, read after the fact. */
async function refusalOf(db: Database, id: string, to: "admin" | "user" | null): Promise<Exclude<RoleChange, "changed">> {
  const current = await db.select({ role: users.role }).from(users).where(eq(users.id, id)).get();
  if (!current) return "not-found";
  if (to !== null && current.role === to) return "unchanged";
  return to === "admin" ? "unverified" : "last-admin";
}

/**
 * The INSERT of one `team_changes` row, written only if the statement before it in the batch
 * changed exactly one row. The actor is looked up in the same statement, so an actor that no
 * longer exists (an admin who deleted their own account) is stored as empty, not refused.
 */
function auditStatement(db: Database, action: TeamAction, entry: { subjectEmail: string; actorUserId: string; at: number }) {
  return db.$client
    .prepare(
      `INSERT INTO team_changes (id, action, subject_email, actor_user_id, created_at)
       SELECT ?1, ?2, ?3, (SELECT id FROM users WHERE id = ?4), ?5 WHERE changes() = 1`,
    )
    .bind(crypto.randomUUID(), action, entry.subjectEmail, entry.actorUserId, entry.at);
}
