/**
 * Reads a small form post (sign-in, reset, admin status steps) with a hard cap on its size,
 * so a huge body is refused before it is held in memory, then passes its fields through the
 * input gate (input-gate.server.ts) against the form's contract.
 *
 * In: the request, the form's contract and the cap in bytes (default 16 KiB: far above any of
 * these forms, and above a 10 kB password). Out: the gated FormData, or the reason it was
 * refused (too large, not a form, unreadable, or refused by the gate). Never throws.
 */
import { GATE_MESSAGES } from "~/domain/texts/messages";
import { gateForm, type FormContract, type GateResult } from "~/http/input-gate.server";

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

export async function readSmallForm(request: Request, contract: FormContract, maxBytes = 16 * 1024): Promise<GateResult> {
  const unreadable = { ok: false, message: GATE_MESSAGES.unreadable } as const;
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!FORM_TYPES.test(contentType) || !request.body) return unreadable;
  if (Number(request.headers.get("Content-Length") ?? 0) > maxBytes) return unreadable;
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
        return unreadable;
      }
      chunks.push(value);
    }
    const body = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      body.set(chunk, offset);
      offset += chunk.byteLength;
    }
    const parsed = await new Request(request.url, { method: "POST", headers: { "Content-Type": contentType }, body }).formData();
    return gateForm(parsed.entries(), contract);
  } catch {
    return unreadable;
  }
}
