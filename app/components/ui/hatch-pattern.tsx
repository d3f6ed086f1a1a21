/**
 * The hatching of a chart's column still counting (this month, today): an SVG pattern the columns fill
 * with `url(#id)`. `size` is the stripe's period in the chart's own units (6 for columns drawn in CSS
 * pixels; smaller inside a scaled SVG).
 */
export function HatchPattern({ id, size = 6 }: { id: string; size?: number }) {
  return (
    <defs>
      <pattern id={id} width={size} height={size} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width={size} height={size} className="fill-brand-600" />
        <rect width={size * (2.5 / 6)} height={size} className="fill-brand-300" />
      </pattern>
    </defs>
  );
}
