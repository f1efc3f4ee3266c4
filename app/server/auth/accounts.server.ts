/**
 * Accounts: sign-up (always role `user`, never admin), e-mail verification, sign-in,
 * password reset. Passwords are scrypt-hashed (password.server.ts); e-mail links carry signed
 * single-purpose tokens (tokens.server.ts) to SITE_URL (env.server.ts), never to the Host a
 * request named.
 *
 * Every function returns a result; none throws for anything a person typed. E-mails are
 * returned, not sent: the route sends them after the response (ctx.waitUntil), so a mail
 * failure tells nobody whether an address has an account. Sign-up and the reset request do
 * the same work and answer the same for a known and an unknown address: the owner of an
 * existing account is told by e-mail instead.
 */
import { and, eq } from "drizzle-orm";
import { users, type User } from "../../../drizzle/schema";
import type { Mail, MailEnv } from "~/server/mail";
import { readSecrets, readSiteUrl, type Database } from "~/server/platform";
import { hashPassword, verifyPassword } from "./password.server";
import { clearFailures, clientIsThrottled, recordFailure, throttleKeys } from "./sign-in-throttle.server";
import { destroyUserSessions } from "./sessions.server";
import { passwordFingerprint, readToken, signToken } from "./tokens.server";

type AuthEnv = Pick<CloudflareBindings, "SESSION_SECRET" | "SITE_URL"> & MailEnv;

/** Verification links live 24 hours, reset links 1 hour. */
const VERIFY_TTL_S = 24 * 60 * 60;
const RESET_TTL_S = 60 * 60;

/** A real hash to compare against when the e-mail is unknown, so timing tells nothing. */
let decoyHash: Promise<string> | null = null;

async function findUser(db: Database, email: string): Promise<User | undefined> {
  return db.select().from(users).where(eq(users.email, email.toLowerCase())).get();
}

const expiresIn = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

/**
 * Creates a `user` account and returns its verification e-mail; for an address that already
 * has an account, creates nothing and returns an e-mail telling its owner. Both paths hash the
 * password and make one write attempt, so the caller can answer both alike, in about the same
 * time.
 */
export async function signUp(db: Database, env: AuthEnv, email: string, password: string): Promise<Mail> {
  const normalized = email.toLowerCase();
  const passwordHash = await hashPassword(password);
  const id = crypto.randomUUID();
  const inserted = await db
    .insert(users)
    .values({ id, email: normalized, passwordHash, role: "user", createdAt: new Date() })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return inserted.length === 1 ? verificationMail(env, id, normalized) : alreadyRegisteredMail(env, normalized);
}

/** To the owner of an existing account when someone tries to create another with its address. */
function alreadyRegisteredMail(env: AuthEnv, email: string): Mail {
  const site = readSiteUrl(env);
  const signIn = `${site}/auth`;
  const reset = `${site}/auth/forgot`;
  return {
    to: email,
    subject: "You already have an account",
    text: `Someone, probably you, tried to create an account with this email address, which already has one. Nothing was changed.\n\nSign in: ${signIn}\nForgot your password? ${reset}\n\nIf it was not you, ignore this message.`,
    links: [signIn, reset],
  };
}

/** The e-mail with a 24-hour verification link to the site. */
function verificationMail(env: AuthEnv, userId: string, email: string): Mail {
  const token = signToken(readSecrets(env), { sub: userId, purpose: "verify-email", exp: expiresIn(VERIFY_TTL_S) });
  const link = `${readSiteUrl(env)}/auth/verify?token=${encodeURIComponent(token)}`;
  return {
    to: email,
    subject: "Verify your email address",
    text: `Welcome! Please verify your email address by opening this link within ${VERIFY_TTL_S / 3600} hours:\n\n${link}\n\nIf you did not create an account, ignore this message.`,
    links: [link],
  };
}

/** Marks the token's account verified; false for an invalid or expired link. */
export async function verifyEmail(db: Database, env: AuthEnv, token: string): Promise<boolean> {
  const claims = readToken(readSecrets(env), token, "verify-email");
  if (!claims) return false;
  const updated = await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, claims.sub)).returning({ id: users.id });
  return updated.length === 1;
}

export type SignInResult = { status: "ok"; user: User } | { status: "invalid" } | { status: "unverified" } | { status: "throttled" };

/**
 * Checks e-mail and password from client `ip`, under the sign-in throttle
 * (sign-in-throttle.server.ts): "throttled" when this client has failed too often for this
 * address (the password is not checked); a wrong password is recorded and its answer held
 * back once the address has had several failures; a right one clears them. An unknown
 * address costs a password check and counts failures like a known one. An unverified
 * account cannot sign in. The caller records the finished sign-in (recordSignIn): after the
 * password, or after the second step when the account has one.
 */
export async function signIn(db: Database, env: AuthEnv, email: string, password: string, ip: string): Promise<SignInResult> {
  const keys = throttleKeys(email, ip);
  if (await clientIsThrottled(db, keys)) return { status: "throttled" };
  const user = await findUser(db, email);
  let matches = false;
  if (user) matches = await verifyPassword(password, user.passwordHash);
  else {
    // The same work for an unknown address, so timing tells nothing.
    decoyHash ??= hashPassword(crypto.randomUUID());
    await verifyPassword(password, await decoyHash);
  }
  if (!user || !matches) {
    const delayMs = await recordFailure(db, keys);
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    return { status: "invalid" };
  }
  await clearFailures(db, email);
  if (!user.emailVerifiedAt) return { status: "unverified" };
  return { status: "ok", user };
}

/**
 * Records a finished sign-in as the account's `lastSignInAt` (shown on the team page); its
 * count of wrong second-step codes starts again.
 */
export async function recordSignIn(db: Database, userId: string, now = new Date()): Promise<void> {
  await db.update(users).set({ lastSignInAt: now, secondStepFailures: 0 }).where(eq(users.id, userId));
}

/** The account with this id, if it exists. */
export async function accountById(db: Database, userId: string): Promise<User | undefined> {
  return db.select().from(users).where(eq(users.id, userId)).get();
}

/** The reset e-mail when the account exists, else null (the page says the same either way). */
export async function passwordResetMail(db: Database, env: AuthEnv, email: string): Promise<Mail | null> {
  const user = await findUser(db, email);
  if (!user) return null;
  const token = signToken(readSecrets(env), {
    sub: user.id,
    purpose: "reset-password",
    exp: expiresIn(RESET_TTL_S),
    fp: passwordFingerprint(user.passwordHash),
  });
  const link = `${readSiteUrl(env)}/auth/reset?token=${encodeURIComponent(token)}`;
  return {
    to: user.email,
    subject: "Reset your password",
    text: `Someone asked to reset the password of this account. To choose a new one, open this link within an hour:\n\n${link}\n\nIf it was not you, ignore this message; your password stays the same.`,
    links: [link],
  };
}

/** The account a reset link is for, while the link is valid and unused; else null. */
export async function userForResetToken(db: Database, env: AuthEnv, token: string): Promise<User | null> {
  const claims = readToken(readSecrets(env), token, "reset-password");
  if (!claims) return null;
  const user = await db.select().from(users).where(eq(users.id, claims.sub)).get();
  return user && claims.fp === passwordFingerprint(user.passwordHash) ? user : null;
}

/**
 * Sets a new password from a valid reset link, verifies the e-mail (the link proved it) and
 * ends every session of the account. False when the link is invalid, expired or used.
 */
export async function resetPassword(db: Database, env: AuthEnv, token: string, password: string): Promise<boolean> {
  const user = await userForResetToken(db, env, token);
  if (!user) return false;
  // Only while the hash is still the one the link was made for: two uses at once, one wins.
  const changed = await db
    .update(users)
    // The link proved the address: wrong second-step codes are forgiven too.
    .set({ passwordHash: await hashPassword(password), emailVerifiedAt: user.emailVerifiedAt ?? new Date(), secondStepFailures: 0 })
    .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)))
    .returning({ id: users.id });
  if (changed.length !== 1) return false;
  await destroyUserSessions(db, user.id);
  await clearFailures(db, user.email);
  return true;
}
