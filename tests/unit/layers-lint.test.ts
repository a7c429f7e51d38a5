import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { SERVER_AREAS } from "../../eslint.config.mjs";

const root = fileURLToPath(new URL("../../", import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The restricted-import messages ESLint reports for `code` as if it were the file at `filePath`. */
async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("the layer rule in eslint.config.mjs", () => {
  it("keeps components out of the domain, but lets them import its types", async () => {
    expect(await layerErrors("src/components/blog/fixture.tsx", 'import { listThread } from "@/server/comments/list-thread";\nexport const x = listThread;\n')).toEqual([
      expect.stringContaining("Components (client code among them) do not reach the domain"),
    ]);
    expect(await layerErrors("src/components/blog/fixture.tsx", 'import type { Thread } from "@/server/comments/list-thread";\nexport type X = Thread;\n')).toEqual([]);
  });

  it("keeps shared widgets free of feature folders", async () => {
    expect(await layerErrors("src/components/ui/fixture.tsx", 'import { Header } from "@/components/layout/header";\nexport const x = Header;\n')).toEqual([
      expect.stringContaining("imports no feature folder"),
    ]);
    expect(await layerErrors("src/components/ui/fixture.tsx", 'import { Header } from "../design/header";\nexport const x = Header;\n')).toHaveLength(1);
  });

  it("keeps shared widgets off the server side of the web layer, types included", async () => {
    expect(await layerErrors("src/components/ui/fixture.tsx", 'import type { Welcome } from "@/web/server/layout-labels";\nexport type X = Welcome;\n')).toEqual([
      expect.stringContaining("shapes both sides share live in src/web/shared"),
    ]);
    expect(await layerErrors("src/components/ui/fixture.tsx", 'import type { LayoutLabels } from "@/web/shared/layout-labels";\nexport type X = LayoutLabels;\n')).toEqual([]);
  });

  it("keeps pages off the database and the domain off the web layer", async () => {
    expect(await layerErrors("app/[locale]/fixture/page.tsx", 'import { getDb } from "@/server/db/client";\nexport const x = getDb;\n')).toEqual([
      expect.stringContaining("Pages and route handlers ask a domain function"),
    ]);
    expect(await layerErrors("src/server/comments/fixture.ts", 'import { getSessionUser } from "@/web/server/session";\nexport const x = getSessionUser;\n')).toEqual([
      expect.stringContaining("does not import the web layer"),
    ]);
    expect(await layerErrors("src/server/db/fixture.ts", 'import { listThread } from "@/server/comments/list-thread";\nexport const x = listThread;\n')).toEqual([
      expect.stringContaining("depend on no domain area"),
    ]);
  });

  it("still forbids next/link where the layers replace the rule's options", async () => {
    expect(await layerErrors("src/components/ui/fixture.tsx", 'import NextLink from "next/link";\nexport const x = NextLink;\n')).toEqual([expect.stringContaining("@/components/link")]);
  });

  it("keeps route handlers off the database, as pages are", async () => {
    expect(await layerErrors("app/api/fixture/route.ts", 'import { getDb } from "@/server/db/client";\nexport const x = getDb;\n')).toEqual([expect.stringContaining("Pages and route handlers ask a domain function")]);
  });

  it("lets an area of src/server import only the areas after it in the declared order", async () => {
    // Generation's jobs carry what they need: nothing of listings, which sits above it.
    expect(await layerErrors("src/server/generation/fixture.ts", 'import { getListing } from "@/server/listings/get-listing";\nexport const x = getListing;\n')).toEqual([
      expect.stringContaining("src/server/generation imports only the areas after it"),
    ]);
    expect(await layerErrors("src/server/jobs/fixture.ts", 'import { claimJobs } from "../generation/claim-jobs";\nexport const x = claimJobs;\n')).toHaveLength(1);
    expect(await layerErrors("src/server/listings/fixture.ts", 'import { claimJobs } from "@/server/generation/claim-jobs";\nexport const x = claimJobs;\n')).toEqual([]);
    expect(await layerErrors("src/server/tokens/fixture.ts", 'import { log } from "@/server/log";\nexport const x = log;\n')).toEqual([]);
  });

  it("places every area of src/server in the declared order", () => {
    const areas = readdirSync(`${root}src/server`, { withFileTypes: true }).filter((entry) => entry.isDirectory() && entry.name !== "db").map((entry) => entry.name);
    for (const area of areas) expect(SERVER_AREAS, `add src/server/${area} to SERVER_AREAS in eslint.config.mjs`).toContain(area);
  });
});
