import { env } from "@/env";
import { openApiDocument } from "@/server/public-api/openapi-document";
import { publicRoute } from "@/web/server/api-route";
import { v1OtherMethods } from "@/web/server/v1-route";

export const dynamic = "force-dynamic";

/** The OpenAPI 3.1 document of the API, open to anyone (it holds no data). */
export const GET = publicRoute({}, async () =>
  Response.json(openApiDocument(env().appUrl), { headers: { "cache-control": "public, max-age=300", "access-control-allow-origin": "*" } }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = v1OtherMethods("GET");
