import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import matter from "gray-matter";
import type { z } from "zod";

/**
 * Reads a markdown file with YAML frontmatter and checks the frontmatter against `schema`: the one reader of
 * the blog's posts and the legal pages. Throws with the file's path and each problem, e.g.
 * `Blog post content/blog/pl/x.md: invalid frontmatter:\n  tags: ...`, so a broken file stops the build.
 * `kind` names the file in those errors ("Blog post", "Legal page").
 */
export async function readMarkdownFile<S extends z.ZodType>(
  absolute: string,
  options: { kind: string; schema: S },
): Promise<{ file: string; frontmatter: z.output<S>; body: string }> {
  const file = path.relative(process.cwd(), absolute) || absolute;
  const source = await readFile(absolute, "utf8");
  // gray-matter evaluates `---js` frontmatter; only YAML is accepted.
  if (!/^---\r?\n/.test(source)) throw new Error(`${options.kind} ${file}: must start with a YAML frontmatter block (---)`);
  let parsed: matter.GrayMatterFile<string>;
  try {
    parsed = matter(source, { language: "yaml" });
  } catch (error) {
    throw new Error(`${options.kind} ${file}: frontmatter is not valid YAML: ${(error as Error).message}`);
  }
  const result = options.schema.safeParse(parsed.data);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => `  ${issue.path.join(".") || "(frontmatter)"}: ${issue.message}`);
    throw new Error(`${options.kind} ${file}: invalid frontmatter:\n${issues.join("\n")}`);
  }
  return { file, frontmatter: result.data, body: parsed.content.trim() };
}
