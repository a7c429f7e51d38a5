import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { apiOperations, openApiDocument } from "./openapi-document";

describe("the OpenAPI document", () => {
  it("is what the committed typed client was generated from (npm run api:client after a change)", () => {
    const committed = JSON.parse(readFileSync("src/api-client/openapi.json", "utf8")) as unknown;
    expect(JSON.parse(JSON.stringify(openApiDocument("https://aranzer.pl")))).toEqual(committed);
  });

  it("names only operations a route file under app/api/v1 serves", () => {
    for (const op of apiOperations) {
      const file = `app/api/v1${op.path.replace(/\{(\w+)\}/g, "[$1]")}/route.ts`;
      expect(existsSync(file), file).toBe(true);
      expect(readFileSync(file, "utf8"), `${op.method} ${file}`).toMatch(new RegExp(`export const ${op.method.toUpperCase()} = v1Route`));
    }
  });

  it("describes every request and answer schema as a component", () => {
    const doc = openApiDocument("https://aranzer.pl");
    const refs = [...JSON.stringify(doc.paths).matchAll(/#\/components\/schemas\/(\w+)/g)].map(([, name]) => name!);
    for (const name of refs) expect(doc.components.schemas, name).toHaveProperty(name);
    expect(doc.openapi).toBe("3.1.0");
  });
});
