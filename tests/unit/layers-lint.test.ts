import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

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
      expect.stringContaining("Pages ask a domain function"),
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
});
