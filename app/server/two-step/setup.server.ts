/**
 * Setting up an authenticator app (docs/decisions/015-two-step-sign-in.md): the new key is not
 * stored until a first code confirms it, so the security page carries it in a signed setup
 * token (purpose "authenticator-setup", 15 minutes, bound to the account), shown as a QR code
 * and as text to type by hand.
 */
import { decodeBase64, encodeBase32UpperCaseNoPadding, encodeBase64 } from "@oslojs/encoding";
import { encode } from "uqr";
import type { User } from "../../../drizzle/schema";
import { readToken, signToken } from "~/server/auth";
import { readCompanyName, readSecrets } from "~/server/platform";
import { authenticatorUri } from "./factors.server";

/** How long the security page's QR code may be scanned and confirmed, in seconds. */
const SETUP_TTL_S = 15 * 60;

/** A QR code as one SVG path of its dark modules (1 unit each) and its size in modules, border included. */
function qrCode(text: string): { size: number; path: string } {
  const { data: modules, size } = encode(text, { border: 2, ecc: "M" });
  let path = "";
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return { size, path };
}

/** What the security page shows to set up an authenticator app: the signed setup, the QR code, the key typed by hand (groups of 4). */
export interface AuthenticatorSetup {
  token: string;
  qr: { size: number; path: string };
  key: string;
}

/** The setup of an authenticator app with `key` (20 bytes) for `user`, valid 15 minutes. */
export function authenticatorSetup(env: CloudflareBindings, user: Pick<User, "id" | "email">, key: Uint8Array): AuthenticatorSetup {
  const token = signToken(readSecrets(env), {
    sub: user.id,
    purpose: "authenticator-setup",
    exp: Math.floor(Date.now() / 1000) + SETUP_TTL_S,
    key: encodeBase64(key),
  });
  const uri = authenticatorUri(readCompanyName(env), user.email, key);
  return {
    token,
    qr: qrCode(uri),
    key: encodeBase32UpperCaseNoPadding(key)
      .replace(/(.{4})/g, "$1 ")
      .trim(),
  };
}

/** The key of a setup token sent back by `userId`, or null: forged, expired, another account's, or keyless. */
export function authenticatorSetupKey(env: Pick<CloudflareBindings, "SESSION_SECRET">, token: string, userId: string): Uint8Array | null {
  const claims = readToken(readSecrets(env), token, "authenticator-setup");
  if (!claims?.key || claims.sub !== userId) return null;
  return decodeBase64(claims.key);
}
