import { listTagsForApi, parseTagsQuery } from "#modules/blog/content-api.ts";
import { AppError } from "#modules/shared/context.ts";
import { sameSecret } from "#modules/shared/crypto.ts";
import { serverT } from "#modules/shared/messages.server.ts";
import { requestOf, type ServerApp, scopeOf } from "../context.ts";

/** Strapi's error shape, with the message in the request's language. */
function apiError(status: 400 | 401 | 404, name: string, message: string) {
  return { data: null, error: { status, name, message, details: {} } };
}

/** The content API of SPEC §7: GET /api/tags with a bearer key from CONTENT_API_KEY (null: it does not exist). */
export function mountTags(app: ServerApp, deps: { contentApiKey: string | null }) {
  app.get("/api/tags", async (c) => {
    c.header("Cache-Control", "private, no-store");
    c.header("Vary", "Authorization");
    const locale = requestOf(c).locale;
    const t = serverT(locale);
    if (!deps.contentApiKey) return c.json(apiError(404, "NotFoundError", t("blog.api.notFound")), 404);
    const auth = /^Bearer\s+(\S{1,512})$/i.exec(c.req.header("authorization") ?? "");
    if (!auth || !sameSecret(auth[1], deps.contentApiKey)) {
      c.header("WWW-Authenticate", 'Bearer realm="content"');
      return c.json(apiError(401, "UnauthorizedError", t("blog.api.unauthorized")), 401);
    }
    const params = new URL(c.req.url).searchParams;
    try {
      const query = parseTagsQuery(params, locale);
      return c.json(await listTagsForApi(scopeOf(c), query));
    } catch (error) {
      if (error instanceof AppError) return c.json(apiError(400, "ValidationError", t(error.code, error.params)), 400);
      throw error;
    }
  });
}
