import "server-only";
import path from "node:path";
import { ImageResponse } from "next/og";
import sharp from "sharp";
import { resolveTheme } from "@/config/palettes";
import { theme } from "@/config/theme";
import { loadOgFonts, renderableText } from "./og-font";
import { OG_SIZE } from "./og-pages";

const { primary, gray } = resolveTheme(theme);

export type OgCard = {
  siteName: string;
  /** The small line above the title, e.g. "Blog". */
  kicker?: string;
  title: string;
  /** The line at the bottom, e.g. the site's tagline. */
  footer?: string;
  /** A site path under public/ (a post's cover), drawn behind the text, darkened; else the brand colours. */
  background?: string;
};

/**
 * A 1200 × 630 JPEG: the site's mark and name, the title large, over a post's cover or the brand
 * gradient. Fonts and background are local files, so rendering needs no network. JPEG rather than
 * satori's PNG: a photo card is about 650 KB as PNG, and some apps show no preview image above 300 KB.
 */
export async function renderOgImage(card: OgCard): Promise<Response> {
  const png = await drawCard(card);
  const jpeg = await sharp(Buffer.from(await png.arrayBuffer())).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  return new Response(new Uint8Array(jpeg), {
    // The address names the page, not a version of it: caches keep it a day, not a year (next/og's default).
    headers: { "content-type": "image/jpeg", "cache-control": "public, max-age=86400" },
  });
}

async function drawCard(card: OgCard): Promise<ImageResponse> {
  const [fonts, background] = await Promise.all([loadOgFonts(), card.background ? coverDataUrl(card.background) : null]);
  const title = renderableText(card.title);
  return new ImageResponse(
    (
      <div
        style={{
          display: "flex",
          position: "relative",
          width: "100%",
          height: "100%",
          fontFamily: "Inter",
          color: "white",
          backgroundColor: gray[950],
          backgroundImage: `linear-gradient(135deg, ${primary[700]} 0%, ${primary[900]} 45%, ${gray[950]} 100%)`,
        }}
      >
        {background ? (
          // eslint-disable-next-line @next/next/no-img-element -- satori draws plain elements; next/image does not apply
          <img src={background} alt="" width={OG_SIZE.width} height={OG_SIZE.height} style={{ position: "absolute", top: 0, left: 0 }} />
        ) : null}
        {background ? (
          <div
            style={{
              position: "absolute",
              top: 0,
              left: 0,
              width: "100%",
              height: "100%",
              backgroundImage: `linear-gradient(180deg, rgba(4, 7, 15, 0.35) 0%, rgba(4, 7, 15, 0.55) 40%, rgba(4, 7, 15, 0.92) 100%)`,
            }}
          />
        ) : null}
        <div style={{ display: "flex", flexDirection: "column", justifyContent: "space-between", width: "100%", height: "100%", padding: "64px 72px" }}>
          <div style={{ display: "flex", alignItems: "center", gap: 20 }}>
            <svg width="64" height="64" viewBox="0 0 32 32">
              <rect width="32" height="32" rx="8" fill={primary[600]} />
              <path d="M6 15 16 7l10 8" fill="none" stroke="white" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
              <path d="M9 24v-4.5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2V24M8 21h16" fill="none" stroke="white" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
            <div style={{ fontSize: 40, fontWeight: 700 }}>{renderableText(card.siteName)}</div>
          </div>
          <div style={{ display: "flex", flexDirection: "column", gap: 20 }}>
            {card.kicker ? <div style={{ fontSize: 30, fontWeight: 400, color: primary[200] }}>{renderableText(card.kicker)}</div> : null}
            <div style={{ fontSize: title.length > 60 ? 56 : 68, fontWeight: 700, lineHeight: 1.12, letterSpacing: -1 }}>{title}</div>
            {card.footer ? <div style={{ fontSize: 28, fontWeight: 400, color: gray[200] }}>{renderableText(card.footer)}</div> : null}
          </div>
        </div>
      </div>
    ),
    { ...OG_SIZE, fonts },
  );
}

/** The cover cropped to the card and encoded as JPEG (satori reads neither WebP nor AVIF). */
async function coverDataUrl(src: string): Promise<string> {
  const jpeg = await sharp(path.join(process.cwd(), "public", src))
    .resize(OG_SIZE.width, OG_SIZE.height, { fit: "cover" })
    .jpeg({ quality: 78 })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString("base64")}`;
}
