import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import type { Handle } from "@/server/db/client";
import { listing, listingShare } from "@/server/db/schema";
import { hashShareToken } from "@/server/listings/hash-share-token";
import { SECRET_ADDRESS_HEADER } from "@/config/security-headers";
import { installDatabase, insertUser, testDatabases } from "../support/databases";

process.env.AUTH_SECRET = "test-secret-that-is-long-enough-for-better-auth-0123456789";
process.env.APP_URL = "http://localhost:3000";
process.env.GTM_ID = "GTM-TEST123";

const request = (path: string, headers: Record<string, string> = {}) => new NextRequest(new URL(path, "http://localhost:3000"), { headers });
/** What the proxy told the page's render about its address (Next carries overridden request headers this way). */
const secretAddress = (response: Response) => response.headers.get(`x-middleware-request-${SECRET_ADDRESS_HEADER}`);

describe("a client link's address", () => {
  let handle: Handle;
  let proxy: (request: NextRequest) => Promise<Response>;
  /** A live link (nothing chosen: it opens on that), and one past its hour. */
  const live = { id: "ShareLive_000000000001", token: "LiveToken_0123456789abcdefghijk" };
  const gone = { id: "ShareGone_000000000001", token: "GoneToken_0123456789abcdefghijk" };

  beforeAll(async () => {
    handle = await testDatabases()[0]!.open();
    installDatabase(handle);
    proxy = (await import("~/proxy")).default;
    const userId = await insertUser(handle);
    await handle.db.insert(listing).values({ id: `l-${userId}`, userId, name: "Złota 44/12" });
    await handle.db.insert(listingShare).values([
      { id: live.id, listingId: `l-${userId}`, tokenHash: hashShareToken(live.token), liveUntil: new Date(Date.now() + 3600_000) },
      { id: gone.id, listingId: `l-${userId}`, tokenHash: hashShareToken(gone.token), liveUntil: new Date(Date.now() - 1000) },
    ]);
  });
  afterAll(async () => {
    await handle.close();
  });

  it("trades the token for an HttpOnly cookie and sends the browser to the link's id, in either language", async () => {
    for (const prefix of ["", "/en"]) {
      const response = await proxy(request(`${prefix}/p/${live.token}`));
      expect(response.status).toBe(303);
      expect(new URL(response.headers.get("location")!).pathname).toBe(`${prefix}/p/${live.id}`);
      expect(response.headers.get("referrer-policy")).toBe("no-referrer");
      const cookies = response.headers.getSetCookie().filter((c) => c.startsWith(`aranzer.share.${live.id}=${live.token};`));
      expect(cookies.map((c) => /Path=([^;]+)/.exec(c)?.[1]).sort()).toEqual([`/en/p/${live.id}`, `/p/${live.id}`]);
      for (const cookie of cookies) expect(cookie).toMatch(/HttpOnly; SameSite=Lax/);
    }
  });

  it("opens the clean address with the cookie, and there, as at any address with a secret, allows no Tag Manager", async () => {
    const response = await proxy(request(`/p/${live.id}`, { cookie: `aranzer.share.${live.id}=${live.token}` }));
    expect(response.status).toBe(200);
    expect(secretAddress(response)).toBe("1");
    expect(response.headers.get("content-security-policy")).not.toContain("googletagmanager");
    const reset = await proxy(request("/login?token=abc123"));
    expect(secretAddress(reset)).toBe("1");
    expect(reset.headers.get("content-security-policy")).not.toContain("googletagmanager");
    const home = await proxy(request("/", { [SECRET_ADDRESS_HEADER]: "1" }));
    expect(secretAddress(home)).toBe("0");
    expect(home.headers.get("content-security-policy")).toContain("googletagmanager");
  });

  it("leaves a preview bot at the address it was given, an unknown token to the page's 404, and answers a link past its hour 410", async () => {
    const bot = await proxy(request(`/p/${live.token}`, { "user-agent": "facebookexternalhit/1.1" }));
    expect(bot.status).toBe(200);
    expect(bot.headers.get("location")).toBeNull();
    const unknown = await proxy(request("/p/UnknownToken_0123456789abcdefgh"));
    expect(unknown.status).toBe(200);
    expect(unknown.headers.get("location")).toBeNull();
    expect((await proxy(request(`/p/${gone.token}`))).status).toBe(410);
    expect((await proxy(request(`/en/p/${gone.id}`, { cookie: `aranzer.share.${gone.id}=${gone.token}` }))).status).toBe(410);
  });
});
