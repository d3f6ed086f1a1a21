/**
 * A licence as the edges show it (modules/licences/service.ts makes them): the owner's view, and what
 * anyone who checks its code sees. Its own file, so the certificate renderer and the service share it.
 */
import type { DownloadFormat } from "#config/constants.ts";
import type { LicenceKind } from "./repo.ts";

export type { LicenceKind };

/** A licence as its owner sees it, in one language. */
export type LicenceView = {
  /** As people read it: `7K3Q-M9XD-2C8F-VN4T-H6RB`. */
  code: string;
  kind: LicenceKind;
  /** The template's id while it exists (null once removed from the catalogue). */
  templateId: number | null;
  templateSlug: string;
  templateTitle: string;
  /** The colour variant's name (null when it was gone before licences were kept). */
  colorName: string | null;
  format: DownloadFormat;
  grantedAt: Date;
  /** The licensee's name as it was at the grant; initials once the account was deleted; null for a guest. */
  licensee: string | null;
  /** Whether the account was deleted since. */
  licenseeGone: boolean;
  /** Whether a guest's download (no account) was licensed. */
  guest: boolean;
  /** The member's label for the work it went into (never shown to anyone else). */
  project: string | null;
};

/** What anyone who checks a code sees: the licence without the member's project label. */
export type PublicLicence = Omit<LicenceView, "project">;
