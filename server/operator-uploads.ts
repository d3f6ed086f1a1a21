import type { Context } from "hono";
import type { Locale } from "#config/constants.ts";
import { operatorAccess } from "#modules/operator/access.ts";
import { serverT } from "#modules/shared/messages.server.ts";
import { discardUpload, receiveUpload } from "#modules/templates/uploads.ts";
import { requestOf, type ServerApp, scopeOf } from "./context.ts";

/**
 * The operator pages' file uploads (modules/templates/uploads.ts), one file per request so the browser
 * can show each one's progress:
 *
 *   POST   /operator/uploads      the file's bytes as the body; X-File-Name (URI-encoded), Content-Length
 *   DELETE /operator/uploads/:id  an upload taken out of the form before it was saved
 *
 * Only an operator with the second factor on gets anything but 404 (as the operator pages). This is the
 * one route whose body may be a deck's size (TEMPLATE_UPLOADS.bodyBytes, server/app.ts); the body goes
 * to the file storage as it arrives. Answers are JSON: { ok: true, upload } or { ok: false, code, message }.
 */
export function mountOperatorUploads(app: ServerApp) {
  const localeOf = (c: Context): Locale => requestOf(c).locale;
  const refuse = (c: Context, status: number, code: string, extra: Record<string, string> = {}) => {
    const t = serverT(localeOf(c));
    return c.json({ ok: false, code, message: t(code) }, status as 400, { "Cache-Control": "no-store", ...extra });
  };
  const operator = async (c: Context) => {
    const viewer = scopeOf(c).viewer;
    if (!viewer) return null;
    return (await operatorAccess(scopeOf(c), viewer.account.id)) === "operator" ? viewer.account.id : null;
  };

  app.post("/operator/uploads", async (c) => {
    const accountId = await operator(c);
    if (accountId === null) return refuse(c, 404, "common.errors.notFoundTitle");
    const result = await receiveUpload(scopeOf(c), accountId, {
      name: c.req.header("x-file-name"),
      size: c.req.header("content-length"),
      body: c.req.raw.body,
    });
    if (!result.ok) return refuse(c, result.status, result.code, result.status === 503 ? { "Retry-After": "30" } : {});
    return c.json({ ok: true, upload: result.value }, 201, { "Cache-Control": "no-store" });
  });

  app.delete("/operator/uploads/:id", async (c) => {
    const accountId = await operator(c);
    if (accountId === null) return refuse(c, 404, "common.errors.notFoundTitle");
    const id = c.req.param("id");
    if (!/^[0-9a-f]{32}$/.test(id) || !(await discardUpload(scopeOf(c), accountId, id)))
      return refuse(c, 404, "account.operator.editor.errors.uploadGone");
    return c.json({ ok: true }, 200, { "Cache-Control": "no-store" });
  });
}
