import { readdir } from "node:fs/promises";
import path from "node:path";

export type PhotoPair = { id: string; before: string; after: string; mask?: string };

/** The `NN-before.*` / `NN-after.*` pairs of a folder (with `NN-mask.png` for a masked edit), in the order of their ids. */
export async function listPhotoPairs({ dir }: { dir: string }): Promise<PhotoPair[]> {
  const names = await readdir(dir);
  const find = (id: string, role: string) => names.find((name) => name.startsWith(`${id}-${role}.`));
  const pairs: PhotoPair[] = [];
  for (const name of names) {
    const match = /^(.+)-before\.[a-z0-9]+$/i.exec(name);
    if (!match) continue;
    const id = match[1]!;
    const after = find(id, "after");
    if (!after) continue;
    const mask = names.find((n) => n === `${id}-mask.png`);
    pairs.push({ id, before: path.join(dir, name), after: path.join(dir, after), ...(mask ? { mask: path.join(dir, mask) } : {}) });
  }
  return pairs.toSorted((a, b) => a.id.localeCompare(b.id, "en", { numeric: true }));
}
