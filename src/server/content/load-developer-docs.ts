import "server-only";
import path from "node:path";
import { z } from "zod";
import type { Locale } from "@/config/routes";
import { readMarkdownFile } from "./read-markdown-file";

const frontmatterSchema = z.strictObject({
  title: z.string().trim().min(1),
  description: z.string().trim().min(1).max(155),
  updated: z.union([z.date().transform((date) => date.toISOString().slice(0, 10)), z.iso.date()]),
});

/** The API's reference and quick start in one language (content/developers/<locale>.md), with the site's address filled in. */
export async function loadDeveloperDocs(options: { locale: Locale; siteUrl: string }) {
  const { frontmatter, body } = await readMarkdownFile(path.join(process.cwd(), "content/developers", `${options.locale}.md`), { kind: "Developer docs", schema: frontmatterSchema });
  const siteUrl = options.siteUrl.replace(/\/+$/, "");
  return { ...frontmatter, markdown: body.replaceAll("{{siteUrl}}", siteUrl) };
}
