import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadLegalPage, type LegalPage, type LegalVars } from "./load-legal-page";

const mode = vi.hoisted(() => ({ nodeEnv: "test" as "test" | "production" }));
vi.mock("@/env", () => ({ env: () => ({ NODE_ENV: mode.nodeEnv }) }));

const vars: LegalVars = {
  companyName: "Aranżer sp. z o.o.",
  companyAddress: "ul. Przykładowa 1, 00-001 Warszawa",
  companyNip: "5250000000",
  contactEmail: "kontakt@aranzer.pl",
  siteUrl: "https://aranzer.pl/",
};

const realCwd = process.cwd();

describe("loadLegalPage with fixture files", () => {
  let root: string;

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), "legal-"));
    await mkdir(path.join(root, "content/legal/pl"), { recursive: true });
    await mkdir(path.join(root, "content/legal/en"), { recursive: true });
    vi.spyOn(process, "cwd").mockReturnValue(root);
    mode.nodeEnv = "test";
  });

  afterEach(async () => {
    vi.restoreAllMocks();
    await rm(root, { recursive: true, force: true });
  });

  const write = (locale: "pl" | "en", name: string, text: string) =>
    writeFile(path.join(root, "content/legal", locale, name), text, "utf8");

  it("fills every token in the body, title and description", async () => {
    await write(
      "pl",
      "regulamin.md",
      [
        "---",
        'title: "Regulamin {{companyName}}"',
        'description: "Zasady serwisu {{ siteUrl }}"',
        "updated: 2026-11-22",
        "---",
        "",
        "Usługodawca: {{companyName}}, {{companyAddress}}, NIP {{companyNip}}.",
        "",
        "Kontakt: [{{contactEmail}}](mailto:{{contactEmail}}), strona [{{siteUrl}}]({{siteUrl}}).",
      ].join("\n"),
    );

    const page = await loadLegalPage({ page: "terms", locale: "pl", vars });

    expect(page.title).toBe("Regulamin Aranżer sp. z o.o.");
    expect(page.description).toBe("Zasady serwisu https://aranzer.pl");
    expect(page.updated).toBe("2026-11-22");
    expect(page.markdown).toBe(
      "Usługodawca: Aranżer sp. z o.o., ul. Przykładowa 1, 00-001 Warszawa, NIP 5250000000.\n\n" +
        "Kontakt: [kontakt@aranzer.pl](mailto:kontakt@aranzer.pl), strona [https://aranzer.pl](https://aranzer.pl).",
    );
  });

  it("escapes markdown characters in values and keeps a multi-line address on one line", async () => {
    await write("en", "privacy-policy.md", "---\ntitle: Privacy\ndescription: d\nupdated: 2026-11-22\n---\n{{companyName}} — {{companyAddress}} — [{{contactEmail}}](mailto:{{contactEmail}})");

    const page = await loadLegalPage({
      page: "privacy",
      locale: "en",
      vars: { ...vars, companyName: "Studio *Nowe* [Wnętrza]", companyAddress: "ul. Długa 5\n00-002 Kraków", contactEmail: "biuro_kontakt@example.com" },
    });

    expect(page.markdown).toBe(
      "Studio \\*Nowe\\* \\[Wnętrza\\] — ul. Długa 5, 00-002 Kraków — [biuro\\_kontakt@example.com](mailto:biuro\\_kontakt@example.com)",
    );
  });

  it("accepts a quoted date", async () => {
    await write("pl", "obowiazek-informacyjny.md", '---\ntitle: T\ndescription: D\nupdated: "2026-01-05"\n---\nx');
    const page = await loadLegalPage({ page: "information-obligation", locale: "pl", vars });
    expect(page.updated).toBe("2026-01-05");
  });

  it("rejects invalid frontmatter, naming the file and the field", async () => {
    await write("pl", "regulamin.md", `---\ntitle: T\ndescription: "${"x".repeat(156)}"\nupdated: 22.11.2026\n---\nx`);
    const error = await loadLegalPage({ page: "terms", locale: "pl", vars }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toContain(path.join("content/legal/pl/regulamin.md"));
    expect(message).toMatch(/description:/);
    expect(message).toMatch(/updated:/);
  });

  it("rejects unknown frontmatter keys and a missing title", async () => {
    await write("en", "terms-of-service.md", "---\ndescription: D\nupdated: 2026-11-22\nauthor: x\n---\nx");
    await expect(loadLegalPage({ page: "terms", locale: "en", vars })).rejects.toThrow(/terms-of-service\.md[\s\S]*title/);
  });

  it("rejects a token that is not one of the operator details", async () => {
    await write("en", "terms-of-service.md", "---\ntitle: T\ndescription: D\nupdated: 2026-11-22\n---\nCall {{companyPhone}}.");
    await expect(loadLegalPage({ page: "terms", locale: "en", vars })).rejects.toThrow(
      /terms-of-service\.md: unknown token \{\{companyPhone\}\}/,
    );
  });

  it("refuses frontmatter in another language than YAML (gray-matter would evaluate ---js)", async () => {
    await write("en", "terms-of-service.md", '---js\n{ title: "T" }\n---\nx');
    await expect(loadLegalPage({ page: "terms", locale: "en", vars })).rejects.toThrow(/must start with a YAML frontmatter/);
  });

  it("refuses missing or malformed operator details", async () => {
    await write("pl", "regulamin.md", "---\ntitle: T\ndescription: D\nupdated: 2026-11-22\n---\nx");
    await expect(
      loadLegalPage({ page: "terms", locale: "pl", vars: { ...vars, companyName: "  ", contactEmail: "nope", siteUrl: "aranzer.pl" } }),
    ).rejects.toThrow(/companyName[\s\S]*contactEmail[\s\S]*siteUrl/);
  });

  it("re-reads the file on every call outside production", async () => {
    await write("pl", "regulamin.md", "---\ntitle: Stary\ndescription: D\nupdated: 2026-11-22\n---\nx");
    expect((await loadLegalPage({ page: "terms", locale: "pl", vars })).title).toBe("Stary");
    await write("pl", "regulamin.md", "---\ntitle: Nowy\ndescription: D\nupdated: 2026-11-22\n---\nx");
    expect((await loadLegalPage({ page: "terms", locale: "pl", vars })).title).toBe("Nowy");
  });

  it("caches the parsed file in production, but fills in the details on every call", async () => {
    mode.nodeEnv = "production";
    await write("en", "privacy-policy.md", "---\ntitle: Old\ndescription: D\nupdated: 2026-11-22\n---\n{{companyName}}");
    expect((await loadLegalPage({ page: "privacy", locale: "en", vars })).title).toBe("Old");
    await write("en", "privacy-policy.md", "---\ntitle: New\ndescription: D\nupdated: 2026-11-22\n---\n{{companyName}}");
    const again = await loadLegalPage({ page: "privacy", locale: "en", vars: { ...vars, companyName: "Other Ltd" } });
    expect(again.title).toBe("Old");
    expect(again.markdown).toBe("Other Ltd");
  });

  it("does not cache a failed read in production", async () => {
    mode.nodeEnv = "production";
    await expect(loadLegalPage({ page: "information-obligation", locale: "en", vars })).rejects.toThrow(/ENOENT/);
    await write("en", "information-obligation.md", "---\ntitle: Now here\ndescription: D\nupdated: 2026-11-22\n---\nx");
    expect((await loadLegalPage({ page: "information-obligation", locale: "en", vars })).title).toBe("Now here");
  });
});

describe("the shipped legal texts", () => {
  const pages: LegalPage[] = ["terms", "privacy", "information-obligation"];
  const cases = pages.flatMap((page) => (["pl", "en"] as const).map((locale) => ({ page, locale })));

  it.each(cases)("$page ($locale) validates, uses only known tokens and fills them all", async ({ page, locale }) => {
    expect(process.cwd()).toBe(realCwd);
    const doc = await loadLegalPage({ page, locale, vars });
    expect(doc.title.length).toBeGreaterThan(0);
    expect(doc.description.length).toBeLessThanOrEqual(155);
    // A real date, not in the future, and the same in both languages (they are one document).
    expect(doc.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(doc.updated <= new Date().toISOString().slice(0, 10)).toBe(true);
    expect((await loadLegalPage({ page, locale: locale === "pl" ? "en" : "pl", vars })).updated).toBe(doc.updated);
    expect(doc.markdown).not.toMatch(/\{\{|\}\}/);
    expect(doc.markdown).toContain("Aranżer sp. z o.o.");
    expect(doc.markdown).toContain("mailto:kontakt@aranzer.pl");
    // The page renders the title as its only <h1>.
    expect(doc.markdown).not.toMatch(/^# /m);
  });

  it("names the operator with every detail in each text", async () => {
    for (const { page, locale } of cases) {
      const doc = await loadLegalPage({ page, locale, vars });
      for (const value of [vars.companyName, vars.companyAddress, vars.companyNip, "https://aranzer.pl"]) {
        expect(doc.markdown, `${page} ${locale}`).toContain(value);
      }
    }
  });

  it("states the product's constants in the terms of both languages", async () => {
    const pl = (await loadLegalPage({ page: "terms", locale: "pl", vars })).markdown;
    const en = (await loadLegalPage({ page: "terms", locale: "en", vars })).markdown;
    for (const fact of ["25,99 zł", "84,99 zł", "104,99 zł", "| 30 |", "| 500 |", "| 1500 |", "23%", "1 godzinę", "3 bezpłatne", "14 dni"]) {
      expect(pl).toContain(fact);
    }
    for (const fact of ["PLN 25.99", "PLN 84.99", "PLN 104.99", "| 30 |", "| 500 |", "| 1500 |", "23%", "1 hour", "3 free", "14 days"]) {
      expect(en).toContain(fact);
    }
  });

  it("says in the terms of both languages that Visualizations are marked as AI, in words and in the file's XMP", async () => {
    const pl = (await loadLegalPage({ page: "terms", locale: "pl", vars })).markdown;
    const en = (await loadLegalPage({ page: "terms", locale: "en", vars })).markdown;
    for (const fact of ["art. 50 rozporządzenia (UE) 2024/1689", "oznaczona jako wizualizacja AI", "w każdej pobranej kopii", "typ źródła cyfrowego IPTC w metadanych XMP"]) {
      expect(pl).toContain(fact);
    }
    for (const fact of ["Article 50 of Regulation (EU) 2024/1689", "marked as an AI visualization", "in every downloaded copy", "IPTC digital source type in the file's XMP metadata"]) {
      expect(en).toContain(fact);
    }
  });

  it("names the complaint to the President of UODO in both information clauses", async () => {
    expect((await loadLegalPage({ page: "information-obligation", locale: "pl", vars })).markdown).toContain(
      "Prezesa Urzędu Ochrony Danych Osobowych",
    );
    expect((await loadLegalPage({ page: "information-obligation", locale: "en", vars })).markdown).toContain(
      "President of the Personal Data Protection Office",
    );
  });
});
