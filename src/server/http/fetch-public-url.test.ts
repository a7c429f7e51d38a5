import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAppError } from "@/server/errors";
import { fetchPublicUrl, isPrivateAddress } from "./fetch-public-url";

const reason = async (work: Promise<unknown>) => {
  const error = await work.then(() => null, (e: unknown) => e);
  return isAppError(error) ? error.details.reason : error;
};

describe("isPrivateAddress", () => {
  it.each(["127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "::1", "fe80::1", "fd00::1", "::ffff:127.0.0.1", "not-an-ip"])("%s is refused", (a) =>
    expect(isPrivateAddress(a)).toBe(true),
  );
  it.each(["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111"])("%s is public", (a) => expect(isPrivateAddress(a)).toBe(false));
});

describe("fetchPublicUrl", () => {
  const server = createServer((request, response) => {
    if (request.url === "/redirect") response.writeHead(302, { location: `http://localhost:${port()}/file` }).end();
    else response.end("bytes");
  });
  const port = () => (server.address() as AddressInfo).port;
  beforeAll(() => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve)));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("refuses loopback and private targets, by address and by a name that resolves to one", async () => {
    expect(await reason(fetchPublicUrl({ url: `http://127.0.0.1:${port()}/file`, timeoutMs: 2000 }))).toBe("privateAddress");
    expect(await reason(fetchPublicUrl({ url: `http://localhost:${port()}/file`, timeoutMs: 2000 }))).toBe("privateAddress");
    expect(await reason(fetchPublicUrl({ url: "http://[::1]/", timeoutMs: 2000 }))).toBe("privateAddress");
    expect(await reason(fetchPublicUrl({ url: "http://169.254.169.254/latest/meta-data/", timeoutMs: 2000 }))).toBe("privateAddress");
    expect(await reason(fetchPublicUrl({ url: "http://10.0.0.1/", timeoutMs: 2000 }))).toBe("privateAddress");
  });

  it("refuses other schemes and credentials in the address", async () => {
    expect(await reason(fetchPublicUrl({ url: "file:///etc/passwd", timeoutMs: 2000 }))).toBe("badUrl");
    expect(await reason(fetchPublicUrl({ url: "http://user:pw@example.test/", timeoutMs: 2000 }))).toBe("badUrl");
  });

  it("follows redirects with allowPrivate (a test endpoint) and reads the body", async () => {
    const response = await fetchPublicUrl({ url: `http://127.0.0.1:${port()}/redirect`, timeoutMs: 2000, allowPrivate: true });
    expect(response.status).toBe(200);
    expect(await new Response(response.body).text()).toBe("bytes");
  });
});
