/**
 * The /auth forms (docs/product.md §2 "Auth page", §5 "Auth page", §8). Email and password are
 * required; a new password must pass the password rule, whose every reason is listed.
 */
import { z } from "./zod";
import { emailSchema } from "./fields";
import { PASSWORD_MAX, passwordProblems } from "./password";

/** For signing in: any password up to the limit (the stored hash decides). */
const currentPassword = z
  .string({ error: "Password is required." })
  .min(1, { error: "Password is required." })
  .max(PASSWORD_MAX, { error: `Password must be at most ${PASSWORD_MAX} characters.` });

/** For choosing a password: every weakness reported. */
const newPassword = z.string({ error: "Password is required." }).superRefine((value, ctx) => {
  for (const message of passwordProblems(value)) ctx.addIssue({ code: "custom", message });
});

const signInSchema = z.object({ mode: z.literal("signin"), email: emailSchema, password: currentPassword });

const signUpSchema = z.object({ mode: z.literal("signup"), email: emailSchema, password: newPassword }).superRefine((value, ctx) => {
  if (value.password.toLowerCase() === value.email.toLowerCase()) {
    ctx.addIssue({ code: "custom", path: ["password"], message: "Do not use your e-mail address." });
  }
});

export const authSchema = z.discriminatedUnion("mode", [signInSchema, signUpSchema]);
/** "signin" or "signup": the /auth page's two modes. */
export type AuthMode = z.infer<typeof authSchema>["mode"];

export const forgotSchema = z.object({ email: emailSchema });

export const resetSchema = z.object({ token: z.string().min(1).max(2048), password: newPassword });
