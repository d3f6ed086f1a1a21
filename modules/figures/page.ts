/**
 * What the figures page and its CSV links ask for (app/routes/operator/figures*): the figures of a
 * period with every chart's table, and one chart's table as CSV. A period or measure the page does not
 * offer falls back to the default with a notice on the page; the CSV refuses it (its link is made by
 * the page, so a bad one is a typed or an old address).
 */
import { FIGURES, type FiguresPeriod } from "#config/constants.ts";
import type { Scope, ServiceContext } from "#modules/scope.ts";
import type { Result } from "#modules/shared/result.ts";
import { tableCsv } from "./csv.ts";
import { FIGURES_ERRORS, type Figures, isFiguresPeriod, readFigures } from "./service.ts";
import { type ChartId, type FigureTable, figureTables, isChartId, isTopMeasure, type TopMeasure } from "./tables.ts";

export const FIGURES_PAGE_ERRORS = {
  ...FIGURES_ERRORS,
  top: "deskFigures.errors.top",
  chart: "deskFigures.errors.chart",
} as const;
type PageError = (typeof FIGURES_PAGE_ERRORS)[keyof typeof FIGURES_PAGE_ERRORS];

type Ctx = ServiceContext & Pick<Scope, "translate">;

/** The page's figures: a missing choice is the default; a bad one is the default too, with its notice. */
export async function figuresPage(
  ctx: Ctx,
  input: { period: string | null; top: string | null },
): Promise<{ figures: Figures; tables: Record<ChartId, FigureTable>; top: TopMeasure; notices: PageError[] }> {
  const notices: PageError[] = [];
  let period: FiguresPeriod = FIGURES.defaultPeriod;
  if (input.period !== null && input.period !== "") {
    if (isFiguresPeriod(input.period)) period = input.period;
    else notices.push(FIGURES_PAGE_ERRORS.period);
  }
  let top: TopMeasure = "downloads";
  if (input.top !== null && input.top !== "") {
    if (isTopMeasure(input.top)) top = input.top;
    else notices.push(FIGURES_PAGE_ERRORS.top);
  }
  const r = await readFigures(ctx, { period });
  if (!r.ok) throw new Error(`the default period was refused: ${r.code}`);
  return { figures: r.value, tables: figureTables(r.value, ctx.translate(ctx.locale), top), top, notices };
}

/** One chart's table as CSV, with the file's name; a chart, period or measure not offered is refused. */
export async function figuresCsv(
  ctx: Ctx,
  input: { chart: string | null; period: string | null; top: string | null },
): Promise<Result<{ filename: string; csv: string }, PageError>> {
  if (!isChartId(input.chart)) return { ok: false, code: FIGURES_PAGE_ERRORS.chart, field: "chart" };
  const period = input.period || FIGURES.defaultPeriod;
  if (!isFiguresPeriod(period)) return { ok: false, code: FIGURES_PAGE_ERRORS.period, field: "period" };
  const top = input.top || "downloads";
  if (!isTopMeasure(top)) return { ok: false, code: FIGURES_PAGE_ERRORS.top, field: "top" };
  const r = await readFigures(ctx, { period });
  if (!r.ok) return r;
  const table = figureTables(r.value, ctx.translate(ctx.locale), top)[input.chart];
  const suffix = input.chart === "templates" ? `-${top}` : "";
  return {
    ok: true,
    value: { filename: `slidenest-${input.chart}${suffix}-${period}-${r.value.to}.csv`, csv: tableCsv(table) },
  };
}
