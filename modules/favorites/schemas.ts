import { z } from "zod";
import { formLocale, idInput as id } from "#modules/shared/input.ts";

/** A heart (the favourites route, app/routes/actions/favorites.tsx): a template and whether to keep it (a form's "true"/"on"/"1"). */
export const setFavoriteInput = z.object({
  templateId: id,
  favorite: z.union([
    z.boolean(),
    z.enum(["true", "on", "1"]).transform(() => true),
    z.enum(["false", "0"]).transform(() => false),
  ]),
  locale: formLocale,
});

/**
 * The favourites route's ?ids=1,2,3: at most 100 entries, of which the template ids (at least one) are asked
 * about, duplicates dropped; an entry that is no id (a stale card) is passed over.
 */
export const favoriteIdsInput = z
  .string()
  .max(1_200)
  .transform((s) => s.split(","))
  .pipe(z.array(z.string()).max(100))
  .transform((parts) => [...new Set(parts.flatMap((p) => id.safeParse(p).data ?? []))])
  .pipe(z.array(z.number()).min(1));

export type SetFavoriteInput = z.infer<typeof setFavoriteInput>;
