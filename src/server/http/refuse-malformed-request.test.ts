import { createServer, type Server } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import path from "node:path";
import { answerClientError, malformedRequest, publicFiles, refuseMalformedRequest } from "./refuse-malformed-request";

const isPublicFile = publicFiles(path.join(process.cwd(), "public"));

describe("requests Next would answer with a bare 500", () => {
  it.each([
    ["TRACE", "/", 405],
    ["PROPFIND", "/cennik", 405],
    ["GET", "/%", 400],
    ["GET", "/blog/%E0%A4%A", 400],
    ["GET", "/_next/static/%zz", 400],
    ["GET", "/en/%25zz", 400],
    ["GET", "/en/blog/a%25", 400],
    ["GET", "/blog/100%25?x=1", 400],
    ["GET", "/blog/%2541", null],
    ["GET", "/api/listings/%00/zip", 400],
    ["DELETE", "/api/listings/a/shares/x%00", 400],
    ["GET", "/api/images/%2500", 400],
    ["GET", "/api/shares/abc/images/x?y=%00", null],
    ["POST", "/library/kitchen.jpg", 405],
    ["OPTIONS", "/fonts/inter-pl-wght.woff2", 405],
    ["GET", "/library/kitchen.jpg", null],
    ["POST", "/library/none.jpg", null],
    ["POST", "/library/..%2f..%2fpackage.json", null],
    ["GET", "/cennik", null],
    ["POST", "/api/auth/sign-in/email?x=%zz", null],
    ["OPTIONS", "/", null],
  ] as const)("%s %s: %s", (method, url, status) => {
    expect(malformedRequest(method, url, isPublicFile)?.status ?? null).toBe(status);
  });

  describe("over HTTP, with the security headers", () => {
    let server: Server;
    let port: number;
    beforeAll(async () => {
      server = createServer((req, res) => {
        if (refuseMalformedRequest(req, res, isPublicFile)) return;
        res.end("ok");
      });
      server.on("clientError", answerClientError);
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      port = (server.address() as { port: number }).port;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    /** Raw HTTP, so that what fetch would refuse to send (TRACE, a bad method) reaches the server. */
    function raw(requestLine: string): Promise<string> {
      return new Promise((resolve, reject) => {
        const socket = connect(port, "127.0.0.1", () => socket.write(`${requestLine}\r\nHost: localhost\r\nConnection: close\r\n\r\n`));
        let data = "";
        socket.on("data", (chunk) => (data += chunk.toString()));
        socket.on("end", () => resolve(data));
        socket.on("error", reject);
      });
    }

    it.each([
      ["TRACE / HTTP/1.1", "405", "Allow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS"],
      ["GET /%zz HTTP/1.1", "400", "Bad request"],
      ["GET /en/%25zz HTTP/1.1", "400", "Bad request"],
      // Node's parser refuses this method before any handler runs.
      ["FOO / HTTP/1.1", "400", "Bad Request"],
      ["POST /styles/zen.webp HTTP/1.1", "405", "Allow: GET, HEAD"],
    ])("%s answers %s", async (line, status, text) => {
      const response = await raw(line);
      expect(response).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
      expect(response).toContain("X-Frame-Options: DENY");
      expect(response).toContain("X-Content-Type-Options: nosniff");
      expect(response).toMatch(/Content-Security-Policy: default-src 'none'/i);
      expect(response).toContain(text);
    });

    it("lets a well-formed request through", async () => {
      expect(await raw("GET /cennik HTTP/1.1")).toMatch(/^HTTP\/1.1 200 /);
    });
  });
});
