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
