/**
 * Texts the visitor or admin reads, verbatim from product spec §8 "The error catalogue"
 * and §5 "Photos". Defined once; routes and tests import them.
 */
export const MESSAGES = {
  contactSuccess: "Message sent successfully! We'll get back to you soon.",
  contactFailure: "Failed to send message. Please try again or contact us directly.",
  quoteSuccess:
    "Quote request submitted successfully! We'll contact you within 24 hours with your personalized quote.",
  quoteFailure: "Failed to submit quote request. Please try again or contact us directly.",
  maxFilesReached: "Maximum files reached",
} as const;

/** 'File {name} is too large. Max size is 5MB.' (spec §5). */
export function fileTooLargeMessage(name: string): string {
  return `File ${name} is too large. Max size is 5MB.`;
}

/** 'File {name} is not an image.' (spec §5). */
export function fileNotImageMessage(name: string): string {
  return `File ${name} is not an image.`;
}

/** Shown when more photos arrive than the limit allows (spec §5: at most 5). */
export function tooManyPhotosMessage(max: number): string {
  return `You can attach at most ${max} photos.`;
}

/** Sign-in, sign-up and admin texts, verbatim from product spec §8 where it has them. */
export const AUTH_MESSAGES = {
  alreadyRegistered: "An account with this email already exists. Please sign in instead.",
  signUpSuccess: "Account created successfully! Please check your email to verify your account.",
  invalidCredentials: "Invalid email or password. Please try again.",
  signInSuccess: "Signed in successfully!",
  unexpected: "An unexpected error occurred. Please try again.",
  signedOut: "Signed out successfully",
  accessDenied: "Access denied. Admin privileges required.",
  // Not in the spec; the behaviour it describes needs them.
  notVerified: "Please verify your email address before signing in. We sent you a link when you signed up.",
  verified: "Your email address is verified. You can sign in now.",
  linkInvalid: "This link is invalid or has expired. Please request a new one.",
  resetSent: "If an account exists for that email, we have sent a link to reset its password.",
  passwordChanged: "Your password has been changed. Please sign in with the new password.",
  tooManyAttempts: "Too many attempts. Please wait a minute and try again.",
  signedOutEverywhere: "Signed out on every device",
} as const;

/** Admin texts, verbatim from product spec §8 "Admin". */
export const ADMIN_MESSAGES = {
  loadQuotesFailed: "Failed to load quote requests",
  loadContactsFailed: "Failed to load contact messages",
  updateQuoteFailed: "Failed to update quote status",
  updateContactFailed: "Failed to update contact status",
  quoteStatusUpdated: "Quote status updated successfully",
  contactStatusUpdated: "Contact status updated successfully",
  noQuotes: "No quote requests yet.",
  noContacts: "No contact messages yet.",
} as const;
