/**
 * Signing secrets from the environment (`SESSION_SECRET`: `.dev.vars` locally, a wrangler
 * secret in production), never from the repository. Rotation: a comma-separated list; the
 * first signs, every one verifies. Add the new secret first, deploy, and drop the old one once
 * its cookies and links have expired (30 days).
 *
 * Throws when no secret of at least 32 characters is set: a deploy mistake, not user input.
 */
export function readSecrets(env: Pick<CloudflareBindings, "SESSION_SECRET">): [string, ...string[]] {
  const secrets = (env.SESSION_SECRET ?? "")
    .split(",")
    .map((secret) => secret.trim())
    .filter((secret) => secret.length > 0);
  // A short entry is refused outright, never skipped: skipping a short new secret would keep
  // signing with the old one until it is dropped, and then nothing would work.
  if (secrets.length === 0 || secrets.some((secret) => secret.length < 32)) {
    throw new Error("SESSION_SECRET is missing, or one of its secrets is shorter than 32 characters");
  }
  return secrets as [string, ...string[]];
}
