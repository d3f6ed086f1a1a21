import { useEffect, useState } from "react";
import { Link } from "react-router";
import { previewSrcSet, previewUrl, ratioSize } from "#app/lib/previews.ts";
import type { TemplateCard as Card } from "#modules/catalog/views.ts";
import { FavoriteButton } from "../favorites/favorite-button.tsx";
import { useI18n } from "../i18n.tsx";
import { cardDots } from "./card-dots.ts";

const FLIP_SLIDES = 4;
/**
 * The cards of the first row on a desktop (4 columns at 1280 px) load at once; only the first is fetched
 * first. Every card's box is 16:9 (a 4:3 or 16:10 deck is letterboxed in it), so the rows line up.
 */
const FIRST_ROW = 4;
const FLIP_MS = 900;
/**
 * The card's width at the breakpoints of `card-grid`, rounded up to the next column count (1, 2, 4, 5
 * columns; 3 columns at 1024 px take the 25vw image too, one size up at most): it is repeated on every card.
 */
const CARD_SIZES = "(min-width:1536px) 18vw,(min-width:1024px) 25vw,(min-width:640px) 50vw,100vw";

/** Preview first: the image in its box, title and a few facts. Hover or focus flips through the first slides. */
export function TemplateCard({
  card,
  priority = false,
  lcp = false,
  headingLevel = 3,
  favorite,
}: {
  card: Card;
  priority?: boolean;
  /** The page's largest image (the first card at the top): fetched first, and preloaded from <head>. */
  lcp?: boolean;
  headingLevel?: 2 | 3;
  /** Whether it is among the visitor's favourites, when the page knows; else it is asked for. */
  favorite?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const { t, href } = useI18n();
  const [slide, setSlide] = useState(1);
  const [active, setActive] = useState(false);
  const colorId = card.colors[0]?.id;
  const size = ratioSize(card.aspectRatio, 640);
  const maxFlip = Math.min(FLIP_SLIDES, card.slidesCount);

  useEffect(() => {
    if (!active || maxFlip < 2) {
      setSlide(1);
      return;
    }
    const timer = setInterval(() => setSlide((s) => (s % maxFlip) + 1), FLIP_MS);
    return () => clearInterval(timer);
  }, [active, maxFlip]);

  const to = href(`/template/${card.slug}`);
  // The title's link covers the whole card (`card-link`), so the preview needs no link of its own.
  return (
    <article
      className="group card-tile"
      onMouseEnter={() => setActive(true)}
      onMouseLeave={() => setActive(false)}
      onFocus={() => setActive(true)}
      onBlur={() => setActive(false)}
    >
      <div className="card-media" data-ratio={card.aspectRatio}>
        {colorId ? (
          <img
            src={previewUrl(colorId, slide, 640)}
            srcSet={previewSrcSet(colorId, slide, [320, 480, 640])}
            sizes={CARD_SIZES}
            width={size.width}
            height={size.height}
            alt=""
            loading={priority ? undefined : "lazy"}
            fetchPriority={lcp ? "high" : undefined}
          />
        ) : null}
        {slide > 1 ? (
          <span className="card-count">
            {slide} / {card.slidesCount}
          </span>
        ) : null}
      </div>
      <div className="card-corner">
        <FavoriteButton templateId={card.id} initial={favorite} compact name={card.title} />
      </div>
      <div className="card-body">
        <Heading className="card-title">
          <Link to={to} prefetch="intent" className="card-link">
            {card.title}
          </Link>
        </Heading>
        {/* Two lines on every card, whatever its facts: the licence and slides, then the formats and colours. */}
        <div className="card-meta">
          <div className="card-facts">
            <span className={card.isPremium ? "badge-premium" : "badge-free"}>
              {card.isPremium ? t("catalog.card.premium") : t("catalog.card.free")}
            </span>
            <span>{t("catalog.card.slides", { count: card.slidesCount })}</span>
          </div>
          <div className="card-facts">
            <span className="card-formats" title={t("catalog.card.formats")}>
              {card.formats.map((f) => (
                <abbr key={f} title={t(`catalog.card.formatNames.${f}`)}>
                  {f}
                </abbr>
              ))}
            </span>
            {card.colors.length > 1 ? <CardColors colors={card.colors} /> : null}
          </div>
        </div>
      </div>
    </article>
  );
}

/** The colour variants as one line of dots (a light one ringed), the rest counted as "+k". */
function CardColors({ colors }: { colors: Card["colors"] }) {
  const { t } = useI18n();
  const { shown, more } = cardDots(colors);
  const all = t("catalog.card.colors", { count: colors.length });
  return (
    <span className="card-colors" title={all} data-colors={colors.length}>
      {shown.map((c) => (
        <i key={c.id} style={{ background: c.hex }} data-light={c.light ? "" : undefined} />
      ))}
      {more ? (
        <span aria-hidden="true" title={t("catalog.card.moreColors", { count: more })} data-more-colors="">
          +{more}
        </span>
      ) : null}
      <span className="sr-only">{all}</span>
    </span>
  );
}

export function TemplateGrid({
  cards,
  leading = false,
  headingLevel = 3,
}: {
  cards: Card[];
  /** The grid opens the page: its first row's images load at once, the first one first (LCP). */
  leading?: boolean;
  /** 2 where the grid sits right under the page's h1, 3 under a section's h2. */
  headingLevel?: 2 | 3;
}) {
  return (
    <ul className="card-grid">
      {cards.map((c, i) => (
        <li key={c.id}>
          <TemplateCard
            card={c}
            priority={leading && i < FIRST_ROW}
            lcp={leading && i === 0}
            headingLevel={headingLevel}
          />
        </li>
      ))}
    </ul>
  );
}
