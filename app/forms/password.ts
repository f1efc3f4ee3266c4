/**
 * The password rule (docs/product.md §5 "Account forms"): every reason a
 * password is weak, so the form can list them all at once.
 */
const PASSWORD_MIN = 8;
/** Long passphrases are welcome; far longer input is refused before hashing (cost). */
export const PASSWORD_MAX = 256;

const COMMON = new Set([
  "password",
  "password1",
  "12345678",
  "123456789",
  "qwertyuiop",
  "iloveyou",
  "letmein1",
  "welcome1",
  "admin123",
  "jamaica1",
]);

/** In: the password and, if known, the e-mail. Out: the reasons it is weak (empty: fine). */
export function passwordProblems(password: string, email?: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN) problems.push(`Use at least ${PASSWORD_MIN} characters.`);
  if (password.length > PASSWORD_MAX) problems.push(`Use at most ${PASSWORD_MAX} characters.`);
  if (/^\d+$/.test(password)) problems.push("Do not use only numbers.");
  if (password.length > 0 && new Set(password).size === 1) problems.push("Do not repeat one character.");
  if (COMMON.has(password.toLowerCase())) problems.push("This password is too common.");
  if (email && password.toLowerCase() === email.toLowerCase()) problems.push("Do not use your e-mail address.");
  return problems;
}
