import type { SVGProps } from "react";

type P = SVGProps<SVGSVGElement>;
/**
 * A line icon: its stroke, caps and joins come from the `icon` class (app.css), so the markup of
 * each icon is the path alone.
 */
function line(p: P, size = 20): P {
  return {
    width: size,
    height: size,
    viewBox: "0 0 24 24",
    "aria-hidden": true,
    ...p,
    className: p.className ? `icon ${p.className}` : "icon",
  };
}

export const TrendingIcon = (p: P) => (
  <svg {...line(p)}>
    <path d="M3 17l6-6 4 4 8-8" />
    <path d="M14 7h7v7" />
  </svg>
);
export const SparklesIcon = (p: P) => (
  <svg {...line(p)}>
    <path d="M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8z" />
    <path d="M19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z" />
  </svg>
);
export const SearchIcon = (p: P) => (
  <svg {...line(p, 18)}>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-3.5-3.5" />
  </svg>
);
export const RssIcon = (p: P) => (
  <svg {...line(p, 18)}>
    <path d="M5 11a8 8 0 0 1 8 8M5 5a14 14 0 0 1 14 14" />
    <circle cx="6" cy="18" r="1.5" fill="currentColor" />
  </svg>
);
export const MailIcon = (p: P) => (
  <svg {...line(p)}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 7l9 6 9-6" />
  </svg>
);
export const ClockIcon = (p: P) => (
  <svg {...line(p)}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </svg>
);
export const HelpIcon = (p: P) => (
  <svg {...line(p)}>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6" />
    <path d="M12 17h.01" />
  </svg>
);
export const MenuIcon = (p: P) => (
  <svg {...line(p)}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </svg>
);
export const CloseIcon = (p: P) => (
  <svg {...line(p)}>
    <path d="M6 6l12 12M18 6L6 18" />
  </svg>
);
export const ChevronLeft = (p: P) => (
  <svg {...line(p)}>
    <path d="M15 18l-6-6 6-6" />
  </svg>
);
export const ChevronRight = (p: P) => (
  <svg {...line(p)}>
    <path d="M9 18l6-6-6-6" />
  </svg>
);
export const GlobeIcon = (p: P) => (
  <svg {...line(p)}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
  </svg>
);
export const FilterIcon = (p: P) => (
  <svg {...line(p)}>
    <path d="M4 5h16M7 12h10M10 19h4" />
  </svg>
);
export const DownloadIcon = (p: P) => (
  <svg {...line(p)}>
    <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
  </svg>
);
const HEART_PATH =
  "M12 20.5 4.9 13.6C3.2 12 2 10.4 2 8.4 2 5.4 4.4 3 7.3 3c1.9 0 3.4.9 4.7 2.5C13.3 3.9 14.8 3 16.7 3 19.6 3 22 5.4 22 8.4c0 2-1.2 3.6-2.9 5.2z";

/**
 * Icons a page repeats (the heart on every card), drawn once per page: the root puts this hidden sprite
 * in the body and each icon refers to its symbol.
 */
export function IconSprite() {
  return (
    <svg width="0" height="0" aria-hidden="true" style={{ position: "absolute" }}>
      <symbol id="i-heart" viewBox="0 0 24 24">
        <path d={HEART_PATH} />
      </symbol>
    </svg>
  );
}

export const HeartIcon = (p: P) => (
  <svg {...line(p)}>
    <use href="#i-heart" />
  </svg>
);
export const XIcon = (p: P) => (
  <svg viewBox="0 0 24 24" width={20} height={20} fill="currentColor" aria-hidden="true" {...p}>
    <path d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.2-8.3L1.8 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.6z" />
  </svg>
);
export const PinterestIcon = (p: P) => (
  <svg viewBox="0 0 24 24" width={20} height={20} fill="currentColor" aria-hidden="true" {...p}>
    <path d="M12 2a10 10 0 0 0-3.6 19.3c-.1-.8-.2-2 0-2.9l1.2-5s-.3-.6-.3-1.5c0-1.4.8-2.5 1.8-2.5.9 0 1.3.6 1.3 1.4 0 .9-.5 2.1-.8 3.3-.2 1 .5 1.8 1.5 1.8 1.8 0 3.1-1.9 3.1-4.6 0-2.4-1.7-4.1-4.2-4.1-2.9 0-4.5 2.1-4.5 4.4 0 .9.3 1.8.8 2.3.1.1.1.2.1.3l-.3 1.2c0 .2-.2.2-.4.1-1.3-.6-2.1-2.5-2.1-4 0-3.3 2.4-6.3 6.9-6.3 3.6 0 6.4 2.6 6.4 6 0 3.6-2.3 6.5-5.4 6.5-1.1 0-2.1-.6-2.4-1.2l-.7 2.5c-.2.9-.9 2.1-1.3 2.8A10 10 0 1 0 12 2z" />
  </svg>
);
export const InstagramIcon = (p: P) => (
  <svg {...line(p)}>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.5" cy="6.5" r="0.5" fill="currentColor" />
  </svg>
);
export const UserIcon = (p: P) => (
  <svg {...line(p)}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" />
  </svg>
);
export const LogoMark = (p: P) => (
  <svg viewBox="0 0 32 32" width={28} height={28} aria-hidden="true" {...p}>
    <rect x="2" y="6" width="22" height="16" rx="3" fill="#c7d2fe" />
    <rect x="8" y="10" width="22" height="16" rx="3" fill="#4f46e5" />
    <path d="M14 15h10M14 19h6" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
  </svg>
);
export const CheckIcon = (p: P) => (
  <svg {...line(p)}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </svg>
);
export const FolderIcon = (p: P) => (
  <svg {...line(p)}>
    <path d="M3 7.5A2.5 2.5 0 0 1 5.5 5h3.6l2 2.2h7.4A2.5 2.5 0 0 1 21 9.7v7.8a2.5 2.5 0 0 1-2.5 2.5h-13A2.5 2.5 0 0 1 3 17.5z" />
  </svg>
);
export const PlusIcon = (p: P) => (
  <svg {...line(p)}>
    <path d="M12 5v14M5 12h14" />
  </svg>
);
