/**
 * A one-time message carried across the redirect after a successful form post
 * (post/redirect/get), so a refresh never resubmits. The cookie holds only which form
 * succeeded, a random id (so the page shows the message and fires analytics once) and the
 * analytics label; unknown or tampered content is ignored. Lives 60 seconds at most.
 */
import { createCookie } from "@remix-run/cloudflare";
import { z } from "zod";
import { SERVICE_TYPES } from "~/domain/enumerations";

export const FLASH_FORMS = ["quote", "contact"] as const;
export type FlashForm = (typeof FLASH_FORMS)[number];

const flashSchema = z.object({
  form: z.enum(FLASH_FORMS),
  id: z.uuid(),
  label: z.enum(SERVICE_TYPES).optional(),
});
export type Flash = z.infer<typeof flashSchema>;

function flashCookie(request: Request) {
  return createCookie("flash", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: new URL(request.url).protocol === "https:",
    maxAge: 60,
  });
}

/** The Set-Cookie header that carries `flash` to the next page. */
export function commitFlash(request: Request, flash: Flash): Promise<string> {
  return flashCookie(request).serialize(flash);
}

/**
 * Reads the flash for `form` and, when there is one, the Set-Cookie header that clears it.
 * A flash for another form is left for that form's page.
 */
export async function takeFlash(
  request: Request,
  form: FlashForm,
): Promise<{ flash: Flash | null; headers: Record<string, string> }> {
  const cookie = flashCookie(request);
  const parsed = flashSchema.safeParse(await cookie.parse(request.headers.get("Cookie")).catch(() => null));
  if (!parsed.success || parsed.data.form !== form) return { flash: null, headers: {} };
  return { flash: parsed.data, headers: { "Set-Cookie": await cookie.serialize("", { maxAge: 0 }) } };
}
