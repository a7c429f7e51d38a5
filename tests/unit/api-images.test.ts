import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it, vi } from "vitest";
import { image } from "@/server/db/schema";
import { storeImage } from "@/server/images/store-image";
import { install } from "@/server/process-singletons";
import { createLocalStorage } from "@/server/storage/local-storage";
import { eq } from "drizzle-orm";
import { insertUser, useInstalledPglite } from "~/tests/support/databases";

let user: { id: string } | null = null;
vi.mock("@/web/server/api", () => ({ apiUser: async () => user }));

const dir = mkdtempSync(path.join(tmpdir(), "api-images-"));
const storage = createLocalStorage(dir);
install("storage", storage);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const { GET } = await import("~/app/api/images/[id]/route");
const ask = (id: string, query = "") => GET(new Request(`http://localhost/api/images/${id}${query}`), { params: Promise.resolve({ id }) });

describe("GET /api/images/<id>", () => {
  const db = useInstalledPglite();

  it("lets the browser keep an image for its hour, but not an engine's answer that its JPEG will replace", async () => {
    const userId = await insertUser(db());
    user = { id: userId };
    const png = await sharp({ create: { width: 32, height: 24, channels: 3, background: "#806040" } }).png().toBuffer();
    const row = await storeImage({ db: db().db, storage, userId, kind: "result", data: png, width: 32, height: 24, contentType: "image/png" });
    expect((await ask(row.id)).headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);

    await storage.put(`results/${row.id}.answer.png`, png, "image/png");
    await db().db.update(image).set({ storageKey: `results/${row.id}.answer.png` }).where(eq(image.id, row.id));
    const interim = await ask(row.id);
    expect([interim.status, interim.headers.get("cache-control")]).toEqual([200, "no-store"]);
  });

  it("answers 410 once the image's hour is over, itself and its display copy, while its row and file are still there (before the sweeper)", async () => {
    const userId = await insertUser(db());
    user = { id: userId };
    const jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: "#806040" } }).jpeg().toBuffer();
    const row = await storeImage({ db: db().db, storage, userId, kind: "result", data: jpeg, width: 32, height: 24, contentType: "image/jpeg" });
    expect((await ask(row.id, "?size=display")).status).toBe(200);
    await db().db.update(image).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(image.id, row.id));
    expect([(await ask(row.id)).status, (await ask(row.id, "?size=display")).status, (await ask(row.id, "?download")).status]).toEqual([410, 410, 410]);
    expect(await storage.get(row.storageKey)).not.toBeNull();
  });

  it("names a download after the room and style it is asked for, made safe", async () => {
    const userId = await insertUser(db());
    user = { id: userId };
    const jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: "#806040" } }).jpeg().toBuffer();
    const row = await storeImage({ db: db().db, storage, userId, kind: "result", data: jpeg, width: 32, height: 24, contentType: "image/jpeg" });
    const disposition = async (query: string) => (await ask(row.id, query)).headers.get("content-disposition");
    expect(await disposition(`?download&name=${encodeURIComponent("Łazienka Skandynawski, wariant 2")}`)).toBe('attachment; filename="aranzer-lazienka-skandynawski-wariant-2.jpg"');
    expect(await disposition(`?download&name=${encodeURIComponent('"; x=../../etc')}`)).toBe('attachment; filename="aranzer-x-etc.jpg"');
    expect(await disposition("")).toBe('inline; filename="aranzer-result.jpg"');
  });
});
