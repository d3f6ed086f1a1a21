/** A card shows at most this many colour dots; the rest are counted in "+k". */
export const CARD_MAX_DOTS = 4;

/**
 * How a card's colours fit on one line: the first `max` as dots, the rest counted ("+k", 0 when all show).
 */
export function cardDots<T>(colors: readonly T[], max = CARD_MAX_DOTS): { shown: T[]; more: number } {
  const limit = Math.max(1, Math.floor(max));
  const shown = colors.slice(0, limit);
  return { shown, more: colors.length - shown.length };
}
