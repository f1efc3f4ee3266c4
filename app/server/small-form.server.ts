/**
 * Reads a small form post (sign-in, reset, admin status steps) with a hard cap on its size,
 * so a huge body is refused before it is held in memory.
 *
 * In: the request and the cap in bytes (default 16 KiB: far above any of these forms, and
 * above a 10 kB password). Out: the FormData, or null when the body is too large, not a
 * form, or unreadable. Never throws.
 */
const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

export async function readSmallForm(request: Request, maxBytes = 16 * 1024): Promise<FormData | null> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!FORM_TYPES.test(contentType) || !request.body) return null;
  if (Number(request.headers.get("Content-Length") ?? 0) > maxBytes) return null;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return null;
      }
      chunks.push(value);
    }
    const body = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      body.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return await new Request(request.url, { method: "POST", headers: { "Content-Type": contentType }, body }).formData();
  } catch {
    return null;
  }
}
