type Tier = "free" | "personal" | "commercial";

/** A list of the locale files, `billing.<list>.<tier>.0`, `.1`, … until one is missing. */
function listOf(t: (key: string) => string, list: "benefits" | "drawbacks", tier: Tier): string[] {
  const out: string[] = [];
  for (let i = 0; i < 20; i++) {
    const key = `billing.${list}.${tier}.${i}`;
    const text = t(key);
    if (text === key) break;
    out.push(text);
  }
  return out;
}

/** A plan's benefits (SPEC §1): what it gives, shown with a tick. */
export function planBenefits(t: (key: string) => string, tier: Tier): string[] {
  return listOf(t, "benefits", tier);
}

/** A plan's drawbacks (the Free plan's ads and attribution): shown with a minus, never a tick. */
export function planDrawbacks(t: (key: string) => string, tier: Tier): string[] {
  return listOf(t, "drawbacks", tier);
}
