import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * For the blog tests: a temp directory holding content/blog/<file> for each entry, with the front matter
 * every post needs (title, description, date) plus the entry's own lines. Returns the directory; the
 * caller removes it.
 */
export async function writeBlogFixture(
  files: Record<string, string>,
  body: (file: string) => string = () => "x",
): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), "blog-"));
  for (const [file, fields] of Object.entries(files)) {
    const full = path.join(root, "content/blog", file);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, `---\ntitle: T\ndescription: D\ndate: 2026-01-01\n${fields}\n---\n${body(file)}\n`);
  }
  return root;
}
