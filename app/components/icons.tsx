import type { SVGProps } from "react";
import sprite from "./icons.svg?url";

type P = SVGProps<SVGSVGElement>;

/**
 * The site's icons are symbols of one sprite file (icons.svg, hashed and cached for a year): each icon in
 * a page is an <svg> that uses its symbol, so neither the HTML nor the scripts carry the drawings. The
 * symbols' viewBox scales them to the size given (width and height, or a size class).
 */
type Kind = "line" | "solid" | "drawn";
/** line: stroke, caps and joins from the `icon` class (app.css); solid: filled in the text's colour; drawn: its own colours. */
const KIND: Record<Kind, P> = { line: { className: "icon" }, solid: { fill: "currentColor" }, drawn: {} };

function Glyph({ id, size = 20, kind = "line", ...p }: P & { id: string; size?: number; kind?: Kind }) {
  const extra = KIND[kind];
  const className = [extra.className, p.className].filter(Boolean).join(" ") || undefined;
  return (
    <svg width={size} height={size} aria-hidden="true" {...extra} {...p} className={className}>
      <use href={`${sprite}#${id}`} />
    </svg>
  );
}

export const TrendingIcon = (p: P) => <Glyph id="trending" {...p} />;
export const SparklesIcon = (p: P) => <Glyph id="sparkles" {...p} />;
export const SearchIcon = (p: P) => <Glyph id="search" size={18} {...p} />;
export const RssIcon = (p: P) => <Glyph id="rss" size={18} {...p} />;
export const MailIcon = (p: P) => <Glyph id="mail" {...p} />;
export const ClockIcon = (p: P) => <Glyph id="clock" {...p} />;
export const HelpIcon = (p: P) => <Glyph id="help" {...p} />;
export const MenuIcon = (p: P) => <Glyph id="menu" {...p} />;
export const CloseIcon = (p: P) => <Glyph id="close" {...p} />;
export const ChevronLeft = (p: P) => <Glyph id="chevron-left" {...p} />;
export const ChevronRight = (p: P) => <Glyph id="chevron-right" {...p} />;
export const GlobeIcon = (p: P) => <Glyph id="globe" {...p} />;
export const FilterIcon = (p: P) => <Glyph id="filter" {...p} />;
export const DownloadIcon = (p: P) => <Glyph id="download" {...p} />;
export const HeartIcon = (p: P) => <Glyph id="heart" {...p} />;
export const XIcon = (p: P) => <Glyph id="x" kind="solid" {...p} />;
export const PinterestIcon = (p: P) => <Glyph id="pinterest" kind="solid" {...p} />;
export const InstagramIcon = (p: P) => <Glyph id="instagram" {...p} />;
export const UserIcon = (p: P) => <Glyph id="user" {...p} />;
export const LogoMark = (p: P) => <Glyph id="logo" size={28} kind="drawn" {...p} />;
export const CheckIcon = (p: P) => <Glyph id="check" {...p} />;
export const EyeIcon = (p: P) => <Glyph id="eye" {...p} />;
export const EyeOffIcon = (p: P) => <Glyph id="eye-off" {...p} />;
export const FolderIcon = (p: P) => <Glyph id="folder" {...p} />;
export const PlusIcon = (p: P) => <Glyph id="plus" {...p} />;
/** A drawback or a loss in a list of benefits (not a tick). */
export const MinusIcon = (p: P) => <Glyph id="minus" {...p} />;
