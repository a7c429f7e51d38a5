import { randomBytes } from "node:crypto";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { env } from "@/env";
import { authenticateApiKey } from "@/server/api-keys/authenticate-api-key";
import { preferredLocale } from "@/server/http/error-answer";
import { createMcpServer } from "@/server/mcp/create-mcp-server";
import { hitRateLimit } from "@/server/rate-limit/hit-rate-limit";
import { otherMethods } from "@/web/server/api-route";
import { errorJson } from "@/web/server/v1-route";

export const dynamic = "force-dynamic";

/**
 * The MCP server (Streamable HTTP, stateless: a server per request), authenticated with an API key as a
 * Bearer token; its tools are described in src/server/mcp/create-mcp-server.ts. A refused key gets the API's
 * error JSON with 401 and WWW-Authenticate, before any MCP message is read.
 */
export async function POST(request: Request): Promise<Response> {
  const requestId = `req_${randomBytes(12).toString("base64url")}`;
  const locale = preferredLocale(request.headers.get("accept-language"));
  const clientAddress = request.headers.get("x-forwarded-for") || "unknown";
  try {
    const caller = await authenticateApiKey({ authorization: request.headers.get("authorization"), scope: "read", clientAddress });
    await hitRateLimit({ rule: "api", subject: caller.keyId });
    const server = createMcpServer({ caller, clientAddress, locale, appUrl: env().appUrl });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    await server.connect(transport);
    const response = await transport.handleRequest(request);
    response.headers.set("Request-Id", requestId);
    return response;
  } catch (error) {
    return errorJson(error, locale, requestId, new Headers());
  }
}

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
