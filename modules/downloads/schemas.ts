import { z } from "zod";
import { DOWNLOAD_FORMATS } from "#config/constants.ts";
import { formLocale, idInput } from "#modules/shared/input.ts";

/** A download (the download route, app/routes/actions/downloads.tsx): a template colour and a format (PP, GS, KN; any case). */
export const downloadInput = z.object({
  colorId: idInput,
  format: z
    .string()
    .max(4)
    .transform((s) => s.toUpperCase())
    .pipe(z.enum(DOWNLOAD_FORMATS)),
  locale: formLocale,
});

export type DownloadInput = z.infer<typeof downloadInput>;
