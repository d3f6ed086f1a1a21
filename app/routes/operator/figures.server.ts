import { pageContext } from "#app/lib/route.server.ts";
import { samePath } from "#app/lib/seo.ts";

type Args = { request: Request; context: Parameters<typeof pageContext>[1] };

/**
 * The operator's figures page, server half: the figures of the period asked for (`period`, `top` from the
 * GET form; a choice not offered falls back to the default with a notice) with each chart's table.
 */
export async function figuresLoader({ request, context }: Args) {
  const { app, ctx, url, locale, origin, t } = pageContext(request, context);
  const page = await app.services.figures.figuresPage(ctx, {
    period: url.searchParams.get("period"),
    top: url.searchParams.get("top"),
  });
  const f = page.figures;
  return {
    period: f.period,
    unit: f.unit,
    from: f.from,
    to: f.to,
    updatedAt: f.updatedAt,
    current: f.buckets.map((b) => b.current),
    tables: page.tables,
    top: page.top,
    notices: page.notices,
    seo: {
      origin,
      locale,
      title: t("deskFigures.metaTitle"),
      description: t("deskFigures.intro"),
      paths: samePath("/operator/figures"),
      noindex: true,
    },
  };
}

/**
 * A chart's table as a CSV file (`chart`, `period`, `top`), headers in the address's language; a chart,
 * period or measure not offered is a 400 with its message.
 */
export async function figuresCsvLoader({ request, context }: Args) {
  const { app, ctx, url, locale, t } = pageContext(request, context);
  const q = url.searchParams;
  const r = await app.services.figures.figuresCsv(ctx, {
    chart: q.get("chart"),
    period: q.get("period"),
    top: q.get("top"),
  });
  if (!r.ok)
    return new Response(`${t(r.code)}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Content-Language": locale },
    });
  return new Response(r.value.csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${r.value.filename}"`,
      "Content-Language": locale,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
