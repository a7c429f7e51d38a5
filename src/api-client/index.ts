import createClient from "openapi-fetch";
import type { paths } from "./schema";

/**
 * A typed client of the Aranżer API, generated from its OpenAPI document (npm run api:client) and used by the
 * API's own end-to-end tests. Every method, body and answer is typed from src/api-client/schema.d.ts:
 *
 *   const api = createAranzerClient({ apiKey: process.env.ARANZER_API_KEY! });
 *   const { data, error } = await api.POST("/visualizations", { body: { … }, headers: { "Idempotency-Key": crypto.randomUUID() } });
 */
export function createAranzerClient(options: { apiKey: string; baseUrl?: string; language?: "pl" | "en"; fetch?: typeof fetch }) {
  return createClient<paths>({
    baseUrl: `${options.baseUrl ?? "https://aranzer.pl"}/api/v1`,
    headers: { authorization: `Bearer ${options.apiKey}`, "accept-language": options.language ?? "en" },
    fetch: options.fetch,
  });
}

export type { paths, components } from "./schema";
