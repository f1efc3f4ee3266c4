/**
 * Accounts: sign-up (always role `user`, never admin), e-mail verification, sign-in,
 * password reset. Passwords are scrypt-hashed (password.server.ts); e-mail links carry signed
 * single-purpose tokens (tokens.server.ts) back to the site's origin.
 *
 * Every function returns a result; none throws for anything a person typed. E-mails are
 * returned, not sent: the route sends them after the response (ctx.waitUntil), so neither
 * the time taken nor a mail failure tells anyone whether an address has an account.
 */
import { and, eq } from "drizzle-orm";
import { users, type User } from "../../drizzle/schema";
import { getDb } from "./db.server";
import type { Mail, MailEnv } from "./mailer.server";
import { hashPassword, verifyPassword } from "./password.server";
import { readSecrets } from "./secrets.server";
import { destroyUserSessions } from "./session.server";
import { passwordFingerprint, readToken, signToken } from "./tokens.server";

type AuthEnv = Pick<CloudflareBindings, "DB" | "SESSION_SECRET"> & MailEnv;

/** Verification links live 24 hours, reset links 1 hour. */
const VERIFY_TTL_S = 24 * 60 * 60;
const RESET_TTL_S = 60 * 60;

/** A real hash to compare against when the e-mail is unknown, so timing tells nothing. */
let decoyHash: Promise<string> | null = null;

async function findUser(env: AuthEnv, email: string): Promise<User | undefined> {
  return getDb(env).select().from(users).where(eq(users.email, email.toLowerCase())).get();
}

const expiresIn = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

/** Creates a `user` account; returns its verification e-mail, or "exists". */
export async function signUp(env: AuthEnv, origin: string, email: string, password: string): Promise<Mail | "exists"> {
  const normalized = email.toLowerCase();
  if (await findUser(env, normalized)) return "exists";
  const id = crypto.randomUUID();
  const inserted = await getDb(env)
    .insert(users)
    .values({ id, email: normalized, passwordHash: await hashPassword(password), role: "user", createdAt: new Date() })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (inserted.length === 0) return "exists";
  return verificationMail(env, origin, id, normalized);
}

/** The e-mail with a 24-hour verification link back to `origin`. */
export function verificationMail(env: AuthEnv, origin: string, userId: string, email: string): Mail {
  const token = signToken(readSecrets(env), { sub: userId, purpose: "verify-email", exp: expiresIn(VERIFY_TTL_S) });
  const link = `${origin}/auth/verify?token=${encodeURIComponent(token)}`;
  return {
    to: email,
    subject: "Verify your email address",
    text: `Welcome! Please verify your email address by opening this link within 24 hours:\n\n${link}\n\nIf you did not create an account, ignore this message.`,
    links: [link],
  };
}

/** Marks the token's account verified; false for an invalid or expired link. */
export async function verifyEmail(env: AuthEnv, token: string): Promise<boolean> {
  const claims = readToken(readSecrets(env), token, "verify-email");
  if (!claims) return false;
  const updated = await getDb(env)
    .update(users)
    .set({ emailVerifiedAt: new Date() })
    .where(eq(users.id, claims.sub))
    .returning({ id: users.id });
  return updated.length === 1;
}

export type SignInResult = { status: "ok"; user: User } | { status: "invalid" } | { status: "unverified" };

/** Checks e-mail and password; an unverified account cannot sign in. */
export async function signIn(env: AuthEnv, email: string, password: string): Promise<SignInResult> {
  const user = await findUser(env, email);
  if (!user) {
    decoyHash ??= hashPassword(crypto.randomUUID());
    await verifyPassword(password, await decoyHash);
    return { status: "invalid" };
  }
  if (!(await verifyPassword(password, user.passwordHash))) return { status: "invalid" };
  if (!user.emailVerifiedAt) return { status: "unverified" };
  return { status: "ok", user };
}

/** The reset e-mail when the account exists, else null (the page says the same either way). */
export async function passwordResetMail(env: AuthEnv, origin: string, email: string): Promise<Mail | null> {
  const user = await findUser(env, email);
  if (!user) return null;
  const token = signToken(readSecrets(env), {
    sub: user.id,
    purpose: "reset-password",
    exp: expiresIn(RESET_TTL_S),
    fp: passwordFingerprint(user.passwordHash),
  });
  const link = `${origin}/auth/reset?token=${encodeURIComponent(token)}`;
  return {
    to: user.email,
    subject: "Reset your password",
    text: `Someone asked to reset the password of this account. To choose a new one, open this link within an hour:\n\n${link}\n\nIf it was not you, ignore this message; your password stays the same.`,
    links: [link],
  };
}

/** The account a reset link is for, while the link is valid and unused; else null. */
export async function userForResetToken(env: AuthEnv, token: string): Promise<User | null> {
  const claims = readToken(readSecrets(env), token, "reset-password");
  if (!claims) return null;
  const user = await getDb(env).select().from(users).where(eq(users.id, claims.sub)).get();
  return user && claims.fp === passwordFingerprint(user.passwordHash) ? user : null;
}

/**
 * Sets a new password from a valid reset link, verifies the e-mail (the link proved it) and
 * ends every session of the account. False when the link is invalid, expired or used.
 */
export async function resetPassword(env: AuthEnv, token: string, password: string): Promise<boolean> {
  const user = await userForResetToken(env, token);
  if (!user) return false;
  // Only while the hash is still the one the link was made for: two uses at once, one wins.
  const changed = await getDb(env)
    .update(users)
    .set({ passwordHash: await hashPassword(password), emailVerifiedAt: user.emailVerifiedAt ?? new Date() })
    .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)))
    .returning({ id: users.id });
  if (changed.length !== 1) return false;
  await destroyUserSessions(env, user.id);
  return true;
}
