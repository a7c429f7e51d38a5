import "server-only";
import { createTranslator } from "next-intl";
import QRCode from "qrcode";
import sharp, { type OverlayOptions } from "sharp";
import { DOWNLOAD_JPEG_QUALITY } from "@/config/listings";
import { disclosureKind, type PortalProfile } from "@/config/listing-portals";
import { pathFor, type Locale } from "@/config/routes";
import { env } from "@/env";
import { catalogs } from "@/i18n/catalogs";
import { AppError } from "@/server/errors";
import { markDigitalSource } from "@/server/images/mark-digital-source";
import { factsOf, markDerived } from "@/server/provenance/mark-result";
import type { ProofRow } from "@/server/provenance/create-proof";
import { labelPlate } from "./burn-label";
import type { ChosenResult } from "./list-chosen-results";
import { listingFileName } from "./listing-file-name";

/** Quiet zone around the proof QR code, in modules. */
const QR_MARGIN = 2;

/** One photo's line of the compliance sheet. */
export type SheetRow = { number: number; file: string; original: string | null; mode: string; style: string; score: number | null; disclosure: string[]; proofUrl: string | null };

/** The language of an export: the portal's own, or the page's the download was started from. */
export const exportLocale = (profile: PortalProfile, pageLocale: Locale): Locale => (profile.language === "page" ? pageLocale : profile.language);

/** Refuses the export when a chosen result's mode is one the portal's rule forbids (CONFLICT, the rule and the photos named). */
export function refuseForbidden(options: { items: ChosenResult[]; profile: PortalProfile }): void {
  const forbidden = options.items.filter((item) => options.profile.forbiddenModes.includes(item.mode));
  if (forbidden.length) throw new AppError("CONFLICT", { reason: "forbiddenByPortal", rule: options.profile.rule ?? options.profile.name, photos: forbidden.map((i) => i.number).join(", ") });
}

export const proofUrl = (proofId: string, locale: Locale) => `${env().appUrl}${pathFor("/verify", locale)}?id=${proofId}`;

/** A translucent mark across the image's middle (SmartMLS asks for a watermark on the altered photo). */
function visibleWatermark(width: number, height: number, text: string) {
  const size = Math.round(Math.min(width, height) * 0.08);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><text x="50%" y="50%" text-anchor="middle" dominant-baseline="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="${size}" fill="#fff" fill-opacity="0.35" stroke="#000" stroke-opacity="0.2" transform="rotate(-20 ${width / 2} ${height / 2})">${text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)}</text></svg>`,
  );
}

/**
 * The files of one chosen result under a portal's profile: the result at most `maxLongSide` long with the
 * profile's label ("Virtually staged", or "Renovation preview" for a change of walls, floors or fixtures),
 * visible watermark and QR code to its proof page, its XMP and a C2PA manifest chained to the stored result's;
 * then, where the profile asks, the original photo as the next file. And its line of the compliance sheet.
 */
export async function makeExportEntries(options: {
  item: ChosenResult;
  profile: PortalProfile;
  locale: Locale;
  listingName: string;
  result: Buffer;
  original: Buffer | null;
  proof: ProofRow | null;
}): Promise<{ entries: { name: string; data: Buffer }[]; row: SheetRow }> {
  const { item, profile, locale } = options;
  const t = createTranslator({ locale, messages: catalogs[locale] });
  const label = profile.label ? t(`listings.labels.${disclosureKind(item.mode)}`) : null;
  const url = options.proof ? proofUrl(options.proof.id, locale) : null;
  const resized = await sharp(options.result).rotate().resize(profile.maxLongSide, profile.maxLongSide, { fit: "inside", withoutEnlargement: true }).toBuffer({ resolveWithObject: true });
  const { width, height } = resized.info;
  const overlays: OverlayOptions[] = [];
  if (profile.visibleWatermark && label) overlays.push({ input: visibleWatermark(width, height, label), left: 0, top: 0 });
  if (label) overlays.push(labelPlate({ width, height, label }));
  if (profile.qr && url) {
    // Whole pixels per module, at least 4, about an eighth of the short side: a code scaled to a width
    // between module sizes is blurred by the JPEG and misread by phones and decoders alike.
    const modules = QRCode.create(url, { errorCorrectionLevel: "M" }).modules.size + 2 * QR_MARGIN;
    const scale = Math.max(4, Math.round((Math.min(width, height) * 0.12) / modules));
    const side = modules * scale;
    const margin = Math.round(side * 0.15);
    overlays.push({ input: await QRCode.toBuffer(url, { type: "png", margin: QR_MARGIN, scale, errorCorrectionLevel: "M" }), left: margin, top: height - margin - side });
  }
  const jpeg = await sharp(resized.data).composite(overlays).jpeg({ quality: DOWNLOAD_JPEG_QUALITY, mozjpeg: true }).toBuffer();
  const file = await markDerived({ image: markDigitalSource({ image: jpeg, ai: item.ai }), parent: options.result, change: label ? "labelled" : "transcoded", description: label ?? profile.name, structure: options.proof ? factsOf(options.proof).structure : null });
  const named = { listingName: options.listingName, number: item.number, roomType: item.roomType, styleId: item.styleId || null, mode: item.mode, locale };
  const name = listingFileName(named);
  const entries = [{ name, data: file }];
  let originalName: string | null = null;
  if (profile.originalBeside && options.original) {
    originalName = listingFileName({ ...named, original: true });
    const original = await sharp(options.original).rotate().resize(profile.maxLongSide, profile.maxLongSide, { fit: "inside", withoutEnlargement: true }).jpeg({ quality: DOWNLOAD_JPEG_QUALITY, mozjpeg: true }).toBuffer();
    entries.push({ name: originalName, data: original });
  }
  const disclosure = [label ?? t("listings.export.sheetNoLabel"), ...(profile.visibleWatermark ? [t("listings.export.sheetWatermark")] : []), ...(profile.qr && url ? [t("listings.export.sheetQr")] : [])];
  const style = item.styleId ? t(`styles.${item.styleId}.name` as never) : "";
  return {
    entries,
    row: { number: item.number, file: name, original: originalName, mode: t(`modes.${item.mode}.name` as never), style, score: options.proof?.structureScore ?? null, disclosure, proofUrl: url },
  };
}

const escapeHtml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The compliance sheet (HTML, one page to print or keep with the listing): every photo, its original, what changed, the disclosure used. */
export function complianceSheet(options: { listingName: string; profile: PortalProfile; locale: Locale; rows: SheetRow[] }): string {
  const t = createTranslator({ locale: options.locale, messages: catalogs[options.locale], namespace: "listings.export" });
  const portal = t(`portals.${options.profile.id}`);
  const head = ["sheetNumber", "sheetFile", "sheetOriginal", "sheetChange", "sheetStructure", "sheetDisclosure", "sheetProof"] as const;
  const rows = options.rows.map((r) =>
    [
      String(r.number),
      escapeHtml(r.file),
      r.original ? escapeHtml(r.original) : escapeHtml(t("sheetNoOriginal")),
      escapeHtml([r.mode, r.style].filter(Boolean).join(" · ")),
      r.score === null ? escapeHtml(t("sheetPending")) : `${Math.round(r.score * 100)}%`,
      escapeHtml(r.disclosure.join("; ")),
      r.proofUrl ? `<a href="${escapeHtml(r.proofUrl)}">${escapeHtml(r.proofUrl)}</a>` : "",
    ]
      .map((cell) => `<td>${cell}</td>`)
      .join(""),
  );
  const title = escapeHtml(t("sheetTitle", { listing: options.listingName }));
  return `<!doctype html><html lang="${options.locale}"><meta charset="utf-8"><title>${title}</title>
<style>body{font-family:sans-serif;margin:2rem}table{border-collapse:collapse}td,th{border:1px solid #999;padding:.3rem .5rem;text-align:left;vertical-align:top}</style>
<h1>${title}</h1><p>${escapeHtml(t("sheetLead", { portal }))}</p>${options.profile.rule ? `<p>${escapeHtml(t("sheetRule", { rule: options.profile.rule }))}</p>` : ""}
<table><thead><tr>${head.map((k) => `<th>${escapeHtml(t(k))}</th>`).join("")}</tr></thead><tbody>
${rows.map((r) => `<tr>${r}</tr>`).join("\n")}
</tbody></table></html>
`;
}
