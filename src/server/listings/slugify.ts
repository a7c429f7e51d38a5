/** Lowercase ASCII words joined by hyphens: Polish letters lose their marks, ł becomes l. */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[łŁ]/g, "l")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 60)
    // Trimmed after the cut: a cut just after a word would leave a hyphen that doubles in `name--01-…`.
    .replace(/^-+|-+$/g, "");
}

