/** A plan's benefits (SPEC §1) from the locale files: `billing.benefits.<tier>.0`, `.1`, … until one is missing. */
export function planBenefits(t: (key: string) => string, tier: "free" | "personal" | "commercial"): string[] {
  const out: string[] = [];
  for (let i = 0; i < 20; i++) {
    const key = `billing.benefits.${tier}.${i}`;
    const text = t(key);
    if (text === key) break;
    out.push(text);
  }
  return out;
}
