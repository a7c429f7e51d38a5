import { sql } from "drizzle-orm";
import { PglitePreparedQuery } from "drizzle-orm/pglite/session";
import { describe, expect, it } from "vitest";
import { image } from "@/server/db/schema";
import { insertUser, useInstalledPglite } from "~/tests/support/databases";
import { DRIZZLE_TEXT_TYPES } from "./pglite-for-drizzle";
import { executeRows } from "./execute-rows";

describe("PGlite for drizzle", () => {
  const db = useInstalledPglite();

  it("leaves as text exactly the types drizzle asks for with every statement", () => {
    const query = new PglitePreparedQuery({} as never, "select 1", [], { logQuery: () => {} } as never, undefined as never, undefined, undefined, undefined, undefined, false) as unknown as Record<"queryConfig" | "rawQueryConfig", { parsers: Record<string, unknown> }>;
    const asked = (parsers: Record<string, unknown>) => Object.keys(parsers).map(Number).sort();
    const ours = [...DRIZZLE_TEXT_TYPES].sort();
    expect(asked(query.queryConfig.parsers)).toEqual(ours);
    expect(asked(query.rawQueryConfig.parsers)).toEqual(ours);
  });

  it("reads timestamps through drizzle's columns as dates and through raw SQL as text, in and out of transactions", async () => {
    const userId = await insertUser(db());
    const expiresAt = new Date("2026-11-26T10:00:00.123Z");
    await db().db.insert(image).values({ id: "i1", userId, kind: "upload", storageKey: "k", contentType: "image/webp", width: 1, height: 1, bytes: 1, expiresAt });
    const [row] = await db().db.select().from(image);
    expect(row!.expiresAt).toEqual(expiresAt);
    const [raw] = await executeRows<{ expires_at: unknown }>(db().db, sql`select expires_at from image`);
    expect(typeof raw!.expires_at).toBe("string");
    expect(new Date(raw!.expires_at as string)).toEqual(expiresAt);
    const inTransaction = await db().db.transaction(async (tx) => (await tx.select().from(image))[0]!.expiresAt);
    expect(inTransaction).toEqual(expiresAt);
  });
});
