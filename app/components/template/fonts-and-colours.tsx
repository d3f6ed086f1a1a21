import type { FontRef, Swatch } from "#modules/catalog/views.ts";
import { useI18n } from "../i18n.tsx";

/** A font's name, linked to its page (Google Fonts) when it is an open font; plain text otherwise. */
function FontName({ font }: { font: FontRef }) {
  const { t } = useI18n();
  if (!font.url) return <span data-font={font.family}>{font.family}</span>;
  return (
    <a
      href={font.url}
      target="_blank"
      rel="noopener noreferrer"
      data-font={font.family}
      className="text-brand-700 underline decoration-brand-200 underline-offset-2 hover:decoration-brand-700"
    >
      {font.family}
      <span aria-hidden="true"> ↗</span>
      <span className="sr-only"> {t("template.usage.openFont")}</span>
    </a>
  );
}

/** A swatch's words: dk1 → "Dark 1", background → "Background"; a name without words stays as read. */
function swatchName(t: (key: string) => string, name: string): string {
  const key = `template.usage.names.${name}`;
  const label = t(key);
  return label === key ? name : label;
}

/**
 * "Fonts and colours used": the heading and body fonts, the other fonts the slides use, and the colours
 * of the chosen variant as swatches. Each swatch's name and hex code are text on the page's own surface
 * beside the colour, so they read at full contrast whatever the colour is.
 */
export function FontsAndColours({
  fonts,
  swatches,
  variantName,
}: {
  fonts: { heading: FontRef | null; body: FontRef | null; others: FontRef[] };
  swatches: Swatch[];
  /** The chosen colour variant's name, when the template has several. */
  variantName?: string;
}) {
  const { t } = useI18n();
  const rows: [string, FontRef][] = [];
  if (fonts.heading) rows.push([t("template.usage.heading"), fonts.heading]);
  if (fonts.body) rows.push([t("template.usage.body"), fonts.body]);
  if (!rows.length && !fonts.others.length && !swatches.length) return null;
  return (
    <section aria-labelledby="fonts-colours" data-testid="fonts-colours">
      <h2 id="fonts-colours" className="mb-3 text-lg font-semibold text-ink">
        {t("template.usage.title")}
      </h2>
      <div className="grid gap-6 rounded-card bg-surface p-5 shadow-card ring-1 ring-line/60 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div>
          <h3 className="mb-2 text-sm font-semibold text-ink">{t("template.usage.fonts")}</h3>
          <dl className="text-sm">
            {rows.map(([label, font]) => (
              <div
                key={label}
                className="flex flex-wrap justify-between gap-x-4 border-b border-line/70 py-2 last:border-0"
              >
                <dt className="text-ink-muted">{label}</dt>
                <dd className="font-medium text-ink">
                  <FontName font={font} />
                </dd>
              </div>
            ))}
            {fonts.others.length ? (
              <div className="py-2">
                <dt className="text-ink-muted">{t("template.usage.others")}</dt>
                <dd className="mt-1">
                  <ul className="flex flex-wrap gap-x-3 gap-y-1 font-medium text-ink">
                    {fonts.others.map((f) => (
                      <li key={f.family}>
                        <FontName font={f} />
                      </li>
                    ))}
                  </ul>
                </dd>
              </div>
            ) : null}
          </dl>
        </div>
        {swatches.length ? (
          <div>
            <h3 className="mb-2 text-sm font-semibold text-ink">
              {variantName ? t("template.usage.colorsOf", { name: variantName }) : t("template.usage.colors")}
            </h3>
            <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4" data-testid="swatches">
              {swatches.map((s) => (
                <li key={`${s.name}-${s.hex}`} className="min-w-0">
                  <span
                    aria-hidden="true"
                    className="block h-10 rounded-lg ring-1 ring-ink/15 ring-inset"
                    style={{ background: s.hex }}
                  />
                  <span className="mt-1 block truncate text-xs text-ink-muted">{swatchName(t, s.name)}</span>
                  <span className="block font-mono text-xs text-ink">{s.hex}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </section>
  );
}
