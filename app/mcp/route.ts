import { randomBytes, randomUUID } from "node:crypto";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { env } from "@/env";
import { authenticateApiKey } from "@/server/api-keys/authenticate-api-key";
import { AppError } from "@/server/errors";
import { preferredLocale } from "@/server/http/error-answer";
import { createMcpServer } from "@/server/mcp/create-mcp-server";
import { hitRateLimit } from "@/server/rate-limit/hit-rate-limit";
import { otherMethods } from "@/web/server/api-route";
import { errorJson } from "@/web/server/v1-route";

export const dynamic = "force-dynamic";

/** A session is forgotten after this long without a request (the client starts a new one on its 404). */
const SESSION_IDLE_MS = 30 * 60_000;

/**
 * The sessions of clients that can answer an elicitation (the cost confirmation): their answer comes back in
 * another POST, which must reach the server instance still waiting for it. In this process's memory, so several
 * web processes need the load balancer to keep a session's requests on one of them (decision record 0059).
 */
const sessions = new Map<string, { transport: WebStandardStreamableHTTPServerTransport; keyId: string; lastSeen: number }>();

/**
 * The MCP server (Streamable HTTP), authenticated with an API key as a Bearer token; its tools are described in
 * src/server/mcp/create-mcp-server.ts. Stateless (a server per request) for clients that cannot answer an
 * elicitation; a session for those that can. A refused key gets the API's error JSON with 401 and
 * WWW-Authenticate, before any MCP message is read.
 */
async function handle(request: Request): Promise<Response> {
  const requestId = `req_${randomBytes(12).toString("base64url")}`;
  const locale = preferredLocale(request.headers.get("accept-language"));
  const clientAddress = request.headers.get("x-forwarded-for") || "unknown";
  try {
    const caller = await authenticateApiKey({ authorization: request.headers.get("authorization"), scope: "read", clientAddress });
    await hitRateLimit({ rule: "api", subject: caller.keyId });
    forgetIdleSessions();
    const sessionId = request.headers.get("mcp-session-id");
    let response: Response;
    if (sessionId) {
      const session = sessions.get(sessionId);
      // Another key's session is as unknown as a forgotten one: the client starts a new session.
      if (!session || session.keyId !== caller.keyId) {
        return Response.json({ jsonrpc: "2.0", error: { code: -32001, message: "Session not found" }, id: null }, { status: 404, headers: { "Request-Id": requestId } });
      }
      session.lastSeen = Date.now();
      response = await session.transport.handleRequest(request);
    } else {
      if (request.method !== "POST") throw new AppError("METHOD_NOT_ALLOWED", { method: request.method });
      const body: unknown = await request.json().catch(() => undefined);
      const server = createMcpServer({ caller, clientAddress, locale, appUrl: env().appUrl });
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: canElicit(body) ? () => randomUUID() : undefined,
        onsessioninitialized: (id) => {
          sessions.set(id, { transport, keyId: caller.keyId, lastSeen: Date.now() });
        },
        onsessionclosed: (id) => {
          sessions.delete(id);
        },
      });
      await server.connect(transport);
      response = await transport.handleRequest(request, { parsedBody: body });
    }
    response.headers.set("Request-Id", requestId);
    return response;
  } catch (error) {
    return errorJson(error, locale, requestId, new Headers());
  }
}

/** An initialize request of a client that declares the elicitation capability. */
function canElicit(body: unknown): boolean {
  const message = body as { method?: unknown; params?: { capabilities?: { elicitation?: unknown } } } | undefined;
  return message?.method === "initialize" && message.params?.capabilities?.elicitation !== undefined;
}

function forgetIdleSessions() {
  const now = Date.now();
  for (const [id, session] of sessions) {
    if (now - session.lastSeen < SESSION_IDLE_MS) continue;
    sessions.delete(id);
    void session.transport.close().catch(() => undefined);
  }
}

export { handle as POST, handle as GET, handle as DELETE };
export const { PUT, PATCH, OPTIONS } = otherMethods("POST", "GET", "DELETE");
