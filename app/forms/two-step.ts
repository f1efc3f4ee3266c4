/**
 * The forms of two-step sign-in (docs/decisions/015-two-step-sign-in.md): the second step of
 * a sign-in (/auth/two-step: an authenticator code or a recovery code) and the security page
 * (/admin/security: add or remove an authenticator app or a passkey, new recovery codes).
 * Every form names what it does in `intent`.
 */
import { z } from "./zod";

/** Six digits from an authenticator app (spaces typed between them are ignored). */
const authenticatorCode = z
  .string({ error: "Enter the 6-digit code from your authenticator app." })
  .trim()
  .max(20, { error: "Enter the 6-digit code from your authenticator app." })
  .transform((value) => value.replace(/\s/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, { error: "Enter the 6-digit code from your authenticator app." }));

/** One recovery code as printed (XXXXX-XXXXX); case, spaces and dashes do not matter. */
const recoveryCode = z
  .string({ error: "Enter one of your recovery codes." })
  .trim()
  .min(1, { error: "Enter one of your recovery codes." })
  .max(20, { error: "A recovery code looks like ABCDE-FGHJK." });

/** The second step with the authenticator app's code. */
export const authenticatorStepSchema = z.object({ intent: z.literal("authenticator"), code: authenticatorCode });
/** The second step with a recovery code. */
export const recoveryStepSchema = z.object({ intent: z.literal("recovery"), recoveryCode });

/** The second step of a sign-in: a code from the authenticator app, or a recovery code. */
export const secondStepSchema = z.discriminatedUnion("intent", [authenticatorStepSchema, recoveryStepSchema]);

/** A passkey's name as its owner may change it. */
const passkeyName = z.string().trim().max(60, { error: "A name can be at most 60 characters." }).optional();

/** 'Turn on' the authenticator app: `setup` carries the new key, signed, while it is being set up. */
export const addAuthenticatorSchema = z.object({
  intent: z.literal("add-authenticator"),
  setup: z.string().min(1).max(1024),
  code: authenticatorCode,
});

/**
 * The current second step that confirms a change of factors (app/server/two-step/step-up.server.ts):
 * a code from the authenticator app, or a passkey's answer (base64url); empty fields are absent.
 */
export const stepUpFields = {
  code: z.string().trim().max(20).optional(),
  credentialId: z.string().max(1024).optional(),
  authenticatorData: z.string().max(4096).optional(),
  clientDataJSON: z.string().max(4096).optional(),
  signature: z.string().max(2048).optional(),
};

/** Every form of the security page, told apart by `intent` (also the input gate's contract). */
export const securityFormSchema = z.discriminatedUnion("intent", [
  // With a passkey already, the app's setup also carries the passkey's answer (`code` is the new app's).
  addAuthenticatorSchema.extend({ ...stepUpFields, code: addAuthenticatorSchema.shape.code }),
  z.object({ intent: z.literal("remove-authenticator"), ...stepUpFields }),
  z.object({ intent: z.literal("remove-passkey"), id: z.string().min(1).max(1024), ...stepUpFields }),
  z.object({ intent: z.literal("renew-codes"), ...stepUpFields }),
]);

/** A passkey's answer to the browser's `navigator.credentials.create()`, base64url, for /admin/security/passkey. */
export const passkeyRegistrationSchema = z.object({
  attestationObject: z.string().min(1).max(8192),
  clientDataJSON: z.string().min(1).max(4096),
  name: passkeyName,
});

/** A passkey's answer to `navigator.credentials.get()`, base64url, for /auth/passkey. */
export const passkeyAssertionSchema = z.object({
  credentialId: z.string().min(1).max(1024),
  authenticatorData: z.string().min(1).max(4096),
  clientDataJSON: z.string().min(1).max(4096),
  signature: z.string().min(1).max(2048),
});

/**
 * The fields of the passkey endpoints besides the browser's answer (/auth/passkey,
 * /admin/security/passkey), with their longest lengths: which call it is, where to go after.
 */
export const PASSKEY_EXTRA_FIELDS = { intent: 16, redirectTo: 2048 };
