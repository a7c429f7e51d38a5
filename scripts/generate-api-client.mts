/**
 * Writes the API's OpenAPI document (src/api-client/openapi.json) and the typed client's types from it
 * (src/api-client/schema.d.ts, by openapi-typescript; a field with a default stays optional in requests). Run after changing a route or a schema of /api/v1:
 *   npm run api:client
 * A unit test fails while the committed document differs from the generated one.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { openApiDocument } from "../src/server/public-api/openapi-document";

writeFileSync("src/api-client/openapi.json", `${JSON.stringify(openApiDocument("https://aranzer.pl"), null, 2)}\n`);
execFileSync("npx", ["openapi-typescript", "src/api-client/openapi.json", "-o", "src/api-client/schema.d.ts", "--default-non-nullable", "false"], { stdio: "inherit" });
