import "server-only";
import path from "node:path";
import { readMarkdownFile } from "./read-markdown-file";
import { z } from "zod";
import type { Locale } from "@/config/routes";
import { env } from "@/env";

export type LegalPage = "terms" | "privacy" | "information-obligation";

/** The operator's details, filled into every legal text from one place. */
export type LegalVars = {
  companyName: string;
  companyAddress: string;
  companyNip: string;
  contactEmail: string;
  /** e.g. https://aranzer.pl (a trailing slash is dropped) */
  siteUrl: string;
};

export type LegalDocument = {
  title: string;
  /** For the meta description; at most 155 characters. */
  description: string;
  /** "YYYY-MM-DD": the date the text was last changed. */
  updated: string;
  markdown: string;
};

/** File names follow the public paths of the route table (/regulamin, /terms-of-service, ...). */
const FILES: Record<LegalPage, Record<Locale, string>> = {
  terms: { pl: "regulamin.md", en: "terms-of-service.md" },
  privacy: { pl: "polityka-prywatnosci.md", en: "privacy-policy.md" },
  "information-obligation": { pl: "obowiazek-informacyjny.md", en: "information-obligation.md" },
};

const frontmatterSchema = z.strictObject({
  title: z.string().trim().min(1),
  description: z.string().trim().min(1).max(155),
  updated: z.union([z.date().transform((date) => date.toISOString().slice(0, 10)), z.iso.date()]),
});

const varsSchema = z.object({
  companyName: z.string().trim().min(1, "is empty"),
  companyAddress: z.string().trim().min(1, "is empty"),
  companyNip: z.string().trim().min(1, "is empty"),
  contactEmail: z.email(),
  siteUrl: z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, "")),
});

const TOKEN = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

type ParsedFile = { file: string; frontmatter: z.output<typeof frontmatterSchema>; body: string };

/** Parsed files; filled only in production, so edits show up at once in development. */
const cache = new Map<string, Promise<ParsedFile>>();

/**
 * A legal text (terms, privacy and cookies policy, GDPR information clause) in one language, with the
 * operator's details filled in. Throws, naming the file, when the frontmatter is invalid or the text
 * uses a token that is not one of `vars`; throws when a detail is missing, so an unconfigured
 * deployment fails loudly instead of publishing terms without the operator's name.
 */
export async function loadLegalPage({
  page,
  locale,
  vars,
}: {
  page: LegalPage;
  locale: Locale;
  vars: LegalVars;
}): Promise<LegalDocument> {
  const checked = varsSchema.safeParse(vars);
  if (!checked.success) {
    const issues = checked.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Legal page operator details are invalid:\n${issues.join("\n")}`);
  }
  const values: Record<string, string> = checked.data;
  const { file, frontmatter, body } = await parseFile(path.join(process.cwd(), "content/legal", locale, FILES[page][locale]));

  const fill = (text: string, escape: (value: string) => string) =>
    text.replace(TOKEN, (token, name: string) => {
      const value = Object.hasOwn(values, name) ? values[name] : undefined;
      if (value === undefined) throw new Error(`Legal page ${file}: unknown token ${token}; known: ${Object.keys(values).join(", ")}`);
      return escape(value);
    });

  const plain = (value: string) => oneLine(value);
  return {
    title: fill(frontmatter.title, plain),
    description: fill(frontmatter.description, plain),
    updated: frontmatter.updated,
    markdown: fill(body, (value) => escapeMarkdown(oneLine(value))),
  };
}

function parseFile(absolute: string): Promise<ParsedFile> {
  if (env().NODE_ENV !== "production") return readParsed(absolute);
  let pending = cache.get(absolute);
  if (!pending) {
    pending = readParsed(absolute);
    cache.set(absolute, pending);
    pending.catch(() => cache.delete(absolute));
  }
  return pending;
}

function readParsed(absolute: string): Promise<ParsedFile> {
  return readMarkdownFile(absolute, { kind: "Legal page", schema: frontmatterSchema });
}

/** An address typed on several lines must not break a sentence or a table row. */
function oneLine(value: string): string {
  return value.trim().replace(/\s*\r?\n\s*/g, ", ");
}

/**
 * A company name like "Studio *Nowe* Wnętrza" or an e-mail with "_" must read as typed, not turn into
 * emphasis; backslash escapes also work inside link destinations (mailto:, https:), so one rule fits all.
 */
function escapeMarkdown(value: string): string {
  return value.replace(/[\\`*_[\]<>|~]/g, (char) => `\\${char}`);
}
