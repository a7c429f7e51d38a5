import type { EditMode } from "@/config/edit-modes";

/**
 * Where a listing's photos go, and what each place asks of a virtually staged photo, as data: read by the
 * listing's download (src/server/listings/export-entries.ts) and its form. `label`: the disclosure's place on
 * the image (its words are `listings.labels.<kind>` in the export's language) or none; `visibleWatermark`: a
 * translucent mark across the image; `qr`: a QR code to the result's proof page; `originalBeside`: the
 * original photo goes into the ZIP right after each staged one; `maxLongSide`: files are made at most this
 * long; `forbiddenModes` with the `rule` that forbids them (such results are refused for the export).
 * Rules: California AB 723 (Bus. & Prof. Code § 10140.8, since 1 January 2026: a digitally altered photo says
 * so and links to the unaltered one); CRMLS Rules 11.5.2 (original next to the staged photo; no change of
 * wall colour or flooring); MLS Now (no change of walls, floors, cabinets or fixtures; no watermark or QR code
 * on the image); SmartMLS (a watermark on the altered image). Polish portals have no staging rule of their own:
 * the unfair commercial practices act (ustawa z 23 sierpnia 2007 r.) applies, so we disclose as for the EU.
 */
export type PortalProfile = {
  id: PortalId;
  /** The portal's name as it is written (not translated). */
  name: string;
  label: "bottom-right" | null;
  /** The language of the label and the compliance sheet: the portal's, or the page's (`page`). */
  language: "pl" | "en" | "page";
  visibleWatermark: boolean;
  qr: boolean;
  originalBeside: boolean;
  maxLongSide: number;
  forbiddenModes: readonly EditMode[];
  rule: string | null;
};

export const portalIds = ["otodom", "morizon", "gratka", "eu", "crmls", "mlsnow", "smartmls", "none"] as const;
export type PortalId = (typeof portalIds)[number];

/** Changes of walls, floors or fixtures: what the US MLS rules forbid in a listing's photo. */
const REMODELS = ["restyle", "paint", "material"] as const satisfies readonly EditMode[];

const polish = { label: "bottom-right", language: "pl", visibleWatermark: false, qr: true, originalBeside: true, maxLongSide: 2560, forbiddenModes: [], rule: null } as const;

export const portalProfiles: Record<PortalId, PortalProfile> = {
  otodom: { id: "otodom", name: "Otodom", ...polish },
  morizon: { id: "morizon", name: "Morizon", ...polish },
  gratka: { id: "gratka", name: "Gratka", ...polish },
  eu: { id: "eu", name: "EU", label: "bottom-right", language: "page", visibleWatermark: false, qr: true, originalBeside: true, maxLongSide: 2560, forbiddenModes: [], rule: null },
  crmls: { id: "crmls", name: "CRMLS", label: "bottom-right", language: "en", visibleWatermark: false, qr: true, originalBeside: true, maxLongSide: 2048, forbiddenModes: REMODELS, rule: "CRMLS Rule 11.5.2" },
  mlsnow: { id: "mlsnow", name: "MLS Now", label: null, language: "en", visibleWatermark: false, qr: false, originalBeside: true, maxLongSide: 2048, forbiddenModes: REMODELS, rule: "MLS Now photo rules" },
  smartmls: { id: "smartmls", name: "SmartMLS", label: "bottom-right", language: "en", visibleWatermark: true, qr: true, originalBeside: true, maxLongSide: 2048, forbiddenModes: REMODELS, rule: "SmartMLS photo rules" },
  none: { id: "none", name: "", label: null, language: "page", visibleWatermark: false, qr: false, originalBeside: false, maxLongSide: 4096, forbiddenModes: [], rule: null },
};

/** The disclosure label of each kind, in one language (messages listings.labels). */
export type DisclosureLabels = Record<DisclosureKind, string>;
export type DisclosureKind = "renovationPreview" | "virtuallyStaged" | "digitallyEnhanced";

/** A photo's light or sky changed, nothing in the property: a new sky, a twilight. */
const ENHANCEMENTS = ["sky", "twilight"] as const satisfies readonly EditMode[];

/**
 * A result that changes the room itself (walls, floors, fixtures) is a renovation preview; its sky or light
 * alone, digitally enhanced; furniture added or taken out, virtually staged.
 */
export function disclosureKind(mode: EditMode): DisclosureKind {
  if ((REMODELS as readonly EditMode[]).includes(mode)) return "renovationPreview";
  return (ENHANCEMENTS as readonly EditMode[]).includes(mode) ? "digitallyEnhanced" : "virtuallyStaged";
}
