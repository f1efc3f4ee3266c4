/**
 * The server side of /admin/attachments/:id: a record's photo from R2 (app/server/inbox
 * `getAttachmentPhoto`), to admins only.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ADMIN_HEADERS } from "~/cache-control";
import { requireAdmin } from "~/http/permissions.server";
import { getAttachmentPhoto } from "~/server/inbox";

/**
 * /admin/attachments/:id: a photo from R2, to admins only, never cached, never sniffed as
 * anything but the image type recorded when it was checked; 404 when the row or its bytes
 * are missing. `?download=1` sends it as a download (`Content-Disposition: attachment`)
 * instead of for showing in the page; any other value of `download` is ignored, as the
 * admin lists ignore values they cannot use.
 */
export async function attachmentLoader({ request, context, params }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  await requireAdmin(context.db, request, env);
  const photo = await getAttachmentPhoto(context.db, env.UPLOADS, params.id ?? "");
  if (!photo) return new Response("Not found", { status: 404, headers: ADMIN_HEADERS });
  const { row, object } = photo;
  const disposition = new URL(request.url).searchParams.get("download") === "1" ? "attachment" : "inline";
  return new Response(object.body, {
    headers: {
      "Content-Type": row.contentType,
      "Content-Length": String(object.size),
      "Content-Disposition": `${disposition}; filename*=UTF-8''${extValue(row.fileName)}`,
      ...ADMIN_HEADERS,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}

/**
 * A file name as the value of `filename*` (RFC 8187 ext-value after `UTF-8''`): UTF-8,
 * percent-encoded except the characters that may stand as they are (encodeURIComponent
 * leaves `'()*!` too, of which only `!` is allowed there).
 */
function extValue(fileName: string): string {
  return encodeURIComponent(fileName).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
}
