import { bigint, date, index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The operator's figures, one value per metric, day (UTC) and key (a plan, a format, a template's id, a
 * query; '' when the metric has none), kept by a job on the queue from the live tables so the figures
 * page reads a few thousand rows whatever the size of the data (issue 23). Never the source of truth:
 * a day can be computed again at any time and replaces its rows.
 */
export const dailyFigure = pgTable(
  "daily_figure",
  {
    metric: text("metric").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    key: text("key").notNull().default(""),
    value: bigint("value", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.metric, t.day, t.key] }), index("daily_figure_day_idx").on(t.day)],
);

/** Which days the figures job has computed, and when (a day still open is computed again later). */
export const dailyFigureRun = pgTable("daily_figure_run", {
  day: date("day", { mode: "string" }).primaryKey(),
  computedAt: timestamp("computed_at", { withTimezone: true }).notNull().defaultNow(),
});
