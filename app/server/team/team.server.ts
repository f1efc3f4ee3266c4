/**
 * The team (docs/product.md §10 "Team", docs/decisions/010-team-invitations.md): who has an
 * account and who is an admin, invitations to become one, role changes, deleting accounts,
 * and the audit trail of all of it (`team_changes`).
 *
 * Rules kept here, inside the statements themselves, so that no interleaving of requests can
 * break them:
 * - An invitation is a row: D1 keeps only the SHA-256 of the link's token, the link works once
 *   (`accepted_at`) and for INVITATION_TTL_HOURS; at most MAX_OPEN_INVITATIONS are open at once,
 *   an address has at most one (inviting it again replaces the earlier one), and an address
 *   that already belongs to an admin is not invited.
 * - The last admin is never demoted or deleted: the UPDATE or DELETE itself carries "another
 *   verified admin exists" (`anotherAdminRemains`). D1 runs each batch as one transaction, one
 *   at a time, so two admins removing each other at once cannot both succeed.
 * - Every change writes its `team_changes` row in the same batch, only if the change happened
 *   (`WHERE changes() = 1`, app/server/platform/insert-where.server.ts).
 *
 * Functions take the request's Drizzle client and return outcomes; none throws for anything a
 * person typed. D1 errors are thrown to the caller. Mails are returned, not sent (the route
 * queues them after the response with queueMail, app/server/mail/queue.server.ts).
 */
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { and, count, desc, eq, exists, gt, inArray, isNotNull, isNull, lt, lte, ne, notExists, or, sql, type SQL } from "drizzle-orm";
import { alias, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { HOUR_MS } from "~/domain/dates";
import { INVITATION_TTL_HOURS, MAX_OPEN_INVITATIONS, TEAM_ACCOUNTS_SHOWN, TEAM_CHANGES_SHOWN } from "~/domain/limits";
import type { TeamAction } from "~/domain/enumerations";
import { invitations, passkeys, sessions, teamChanges, totpCredentials, users, type Invitation, type User } from "../../../drizzle/schema";
import { clearFailures, hashPassword } from "~/server/auth";
import type { Mail } from "~/server/mail";
import { insertWhere, PREVIOUS_CHANGED_ONE, readCompanyName, readSiteUrl, tokenHash, type Database } from "~/server/platform";

/** An invitation link's token: 20 random bytes in lower-case base32 (as a session token). */
const TOKEN_PATTERN = /^[a-z2-7]{32}$/;

/** One account as the team page lists it: `verified` once its address is; `twoStep` when it has a passkey or an authenticator app. */
export type TeamAccount = Pick<User, "id" | "email" | "role" | "lastSignInAt"> & { verified: boolean; twoStep: boolean };

/** One open invitation: to whom, by whom (null once that account is deleted), until when. */
export type OpenInvitation = Pick<Invitation, "id" | "email" | "expiresAt"> & { invitedBy: string | null };

/** One entry of the audit trail; `actor` is null when that account no longer exists. */
export type TeamChange = Pick<typeof teamChanges.$inferSelect, "id" | "action" | "subjectEmail" | "createdAt"> & { actor: string | null };

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
        twoStep: sql<number>`EXISTS (SELECT 1 FROM ${passkeys} WHERE ${passkeys.userId} = ${users.id}) OR EXISTS (SELECT 1 FROM ${totpCredentials} WHERE ${totpCredentials.userId} = ${users.id})`,
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
    accounts: accounts.map(({ emailVerifiedAt, twoStep, ...account }) => ({
      ...account,
      verified: emailVerifiedAt !== null,
      twoStep: twoStep === 1,
    })),
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
  const expiresAt = now.getTime() + INVITATION_TTL_HOURS * HOUR_MS;
  // Made first: a mail that cannot be made (a configuration mistake) must not leave a stored invitation.
  const mail = invitationMail(env, email, invite.inviter.email, token);
  const notAdmin = notExists(
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), eq(users.role, "admin"))),
  );
  const [, , inserted] = await db.batch([
    // Expired invitations can never be used: sweep them, so only open ones stay unaccepted.
    db.delete(invitations).where(and(isNull(invitations.acceptedAt), lte(invitations.expiresAt, now))),
    // Replace the address's open invitation, only when the new one will be stored.
    db
      .delete(invitations)
      .where(
        and(
          eq(invitations.email, email),
          isNull(invitations.acceptedAt),
          notAdmin,
          lt(db.$count(invitations, and(isNull(invitations.acceptedAt), ne(invitations.email, email))), MAX_OPEN_INVITATIONS),
        ),
      ),
    insertWhere(
      db,
      invitations,
      {
        id: crypto.randomUUID(),
        email,
        tokenHash: tokenHash(token),
        invitedByUserId: invite.inviter.id,
        createdAt: now,
        expiresAt: new Date(expiresAt),
        acceptedAt: null,
      },
      notAdmin,
      lt(db.$count(invitations, isNull(invitations.acceptedAt)), MAX_OPEN_INVITATIONS),
    ),
    auditStatement(db, "invited", { subjectEmail: email, actorUserId: invite.inviter.id, now }),
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
  const company = readCompanyName(env);
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
    .where(and(eq(invitations.tokenHash, tokenHash(token)), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)))
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
  const accountOfInvited = db.select({ id: users.id }).from(users).where(eq(users.email, invitation.email));
  const [accepted, upserted] = await db.batch([
    db
      .update(invitations)
      .set({ acceptedAt: now })
      .where(
        and(
          eq(invitations.id, invitation.id),
          isNull(invitations.acceptedAt),
          gt(invitations.expiresAt, now),
          // Only while the admin who sent it still is one: removing an admin ends their invitations.
          inArray(invitations.invitedByUserId, db.select({ id: users.id }).from(users).where(eq(users.role, "admin"))),
        ),
      ),
    insertWhere(
      db,
      users,
      {
        id: crypto.randomUUID(),
        email: invitation.email,
        passwordHash,
        role: "admin",
        emailVerifiedAt: now,
        lastSignInAt: now,
        secondStepFailures: 0,
        createdAt: now,
      },
      PREVIOUS_CHANGED_ONE,
    )
      .onConflictDoUpdate({
        target: users.email,
        set: {
          passwordHash: excluded(users.passwordHash),
          role: "admin",
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${excluded(users.emailVerifiedAt)})`,
          lastSignInAt: excluded(users.lastSignInAt),
          // The link proved the address, as a password reset does.
          secondStepFailures: 0,
        },
      })
      .returning({ id: users.id }),
    insertWhere(
      db,
      teamChanges,
      { id: crypto.randomUUID(), action: "joined", subjectEmail: invitation.email, actorUserId: accountOfInvited, createdAt: now },
      PREVIOUS_CHANGED_ONE,
    ),
    // An existing account starts fresh: whoever was signed in to it signs in again.
    db.delete(sessions).where(and(PREVIOUS_CHANGED_ONE, eq(sessions.userId, accountOfInvited))),
  ]);
  const userId = upserted[0]?.id;
  if (accepted.meta.changes !== 1 || !userId) return { status: "invalid" };
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
  const guard = change.to === "user" ? anotherAdminRemains(db, change.id) : isNotNull(users.emailVerifiedAt);
  const [updated] = await db.batch([
    db
      .update(users)
      .set({ role: change.to })
      .where(and(eq(users.id, change.id), eq(users.role, from), guard)),
    auditStatement(db, change.to === "admin" ? "promoted" : "demoted", {
      subjectEmail: target.email,
      actorUserId: change.actorUserId,
      now,
    }),
  ]);
  if (updated.meta.changes === 1) {
    // A former admin's open invitations no longer speak for the team.
    if (change.to === "user")
      await db.delete(invitations).where(and(eq(invitations.invitedByUserId, change.id), isNull(invitations.acceptedAt)));
    return "changed";
  }
  return refusalOf(db, change.id, change.to);
}

/**
 * The last-admin rule, as a condition of a statement about account `id`: an admin other than
 * `id` who has proved their address (so can sign in) remains afterwards.
 */
function anotherAdminRemains(db: Database, id: string): SQL {
  return exists(
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, "admin"), isNotNull(users.emailVerifiedAt), ne(users.id, id))),
  );
}

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
  const [deleted] = await db.batch([
    db
      .delete(users)
      .where(and(eq(users.id, removal.id), or(ne(users.role, "admin"), anotherAdminRemains(db, removal.id))))
      .returning({ id: users.id }),
    auditStatement(db, "removed", { subjectEmail: target.email, actorUserId: removal.actorUserId, now }),
    // sessions.user_id cascades on delete; said here as well, so no session outlives its account.
    db
      .delete(sessions)
      .where(and(eq(sessions.userId, removal.id), notExists(db.select({ id: users.id }).from(users).where(eq(users.id, removal.id))))),
    // Its open invitations end with it (their inviter is now empty).
    db.delete(invitations).where(and(isNull(invitations.invitedByUserId), isNull(invitations.acceptedAt))),
  ]);
  // RETURNING, not meta.changes: D1 counts the sessions the foreign key deleted with it.
  if (deleted.length === 1) return "deleted";
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
 * The insert of one `team_changes` row, written only if the statement before it in the batch
 * changed exactly one row. The actor is looked up in the same statement, so an actor that no
 * longer exists (an admin who deleted their own account) is stored as empty, not refused.
 */
export function auditStatement(db: Database, action: TeamAction, entry: { subjectEmail: string; actorUserId: string; now: Date }) {
  return insertWhere(
    db,
    teamChanges,
    {
      id: crypto.randomUUID(),
      action,
      subjectEmail: entry.subjectEmail,
      actorUserId: db.select({ id: users.id }).from(users).where(eq(users.id, entry.actorUserId)),
      createdAt: entry.now,
    },
    PREVIOUS_CHANGED_ONE,
  );
}

/** `excluded.<column>` of an upsert: the value the refused insert carried. */
function excluded(column: SQLiteColumn): SQL {
  return sql`excluded.${sql.identifier(column.name)}`;
}
