import type { Route } from "./+types/figures-csv";
import { figuresCsvLoader } from "./figures.server.ts";

/** /operator/figures.csv?chart=…&period=…: one chart of the figures page as CSV (operators only, by the layout). */
export const loader = (args: Route.LoaderArgs) => figuresCsvLoader(args);
