import type { Locale } from "@/config/routes";

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** The HTML part of every e-mail: the body's markup (escaped by the caller) in the product's one plain layout. */
export function mailDocument(locale: Locale, body: string): string {
  return `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:24px">
${body}
</body></html>`;
}

export const htmlParagraphs = (paragraphs: string[]) => paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n");
