/**
 * What each kind of licence covers, as keys of `licences.allows.<kind>.*`, in the order the certificate and
 * the verification page list them (a short form of the Licence page's terms, modules/legal/content).
 */
export const LICENCE_ALLOWS = {
  free: ["own", "edit", "credit", "limits"],
  personal: ["own", "credit", "edit", "limits"],
  commercial: ["own", "clients", "transfer", "limits"],
} as const satisfies Record<"free" | "personal" | "commercial", readonly string[]>;
