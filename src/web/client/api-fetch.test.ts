import { afterEach, describe, expect, it, vi } from "vitest";
import { apiFetch, ApiFailure, getJson, readApiError, serverMessage } from "./api-fetch";

afterEach(() => vi.unstubAllGlobals());

const answering = (response: Response | Error) => {
  const fetchMock = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
};

describe("readApiError", () => {
  it("reads the code, details and translated message of our error shape", () => {
    const text = JSON.stringify({ error: { code: "INSUFFICIENT_TOKENS", details: { balance: 1, attempted: 2 }, message: "Masz 1 token." } });
    expect(readApiError(402, text)).toEqual({ ok: false, kind: "error", status: 402, code: "INSUFFICIENT_TOKENS", details: { balance: 1, attempted: 2 }, message: "Masz 1 token." });
  });

  it("makes a generic error of anything else, keeping the status", () => {
    expect(readApiError(502, "<html>Bad gateway</html>")).toEqual({ ok: false, kind: "error", status: 502, code: "generic", details: {} });
    expect(readApiError(500, "null")).toMatchObject({ code: "generic" });
    expect(readApiError(400, JSON.stringify({ error: { code: 7 } }))).toMatchObject({ code: "generic" });
  });

  it("keeps no details that are not an object, and no message that is not text", () => {
    expect(readApiError(400, JSON.stringify({ error: { code: "VALIDATION", details: ["a"], message: 3 } }))).toEqual({ ok: false, kind: "error", status: 400, code: "VALIDATION", details: {}, message: undefined });
  });
});

describe("apiFetch", () => {
  it("sends JSON and reads the JSON answer", async () => {
    const fetchMock = answering(Response.json({ cost: 2 }, { status: 201 }));
    expect(await apiFetch("POST", "/api/x", { a: 1 })).toEqual({ ok: true, body: { cost: 2 } });
    expect(fetchMock).toHaveBeenCalledWith("/api/x", expect.objectContaining({ method: "POST", body: '{"a":1}', headers: { Accept: "application/json", "Content-Type": "application/json" } }));
  });

  it("sends a Blob as it is, with its type", async () => {
    const fetchMock = answering(Response.json({}));
    const blob = new Blob(["png"], { type: "image/png" });
    await apiFetch("POST", "/api/masks", blob);
    expect(fetchMock).toHaveBeenCalledWith("/api/masks", expect.objectContaining({ body: blob, headers: { Accept: "application/json", "Content-Type": "image/png" } }));
  });

  it("reads the server's error once, the same for every caller", async () => {
    answering(Response.json({ error: { code: "NOT_FOUND", details: {}, message: "Nie ma." } }, { status: 404 }));
    const answer = await apiFetch("GET", "/api/listings/x");
    expect(answer).toEqual({ ok: false, kind: "error", status: 404, code: "NOT_FOUND", details: {}, message: "Nie ma." });
    expect(!answer.ok && serverMessage(answer)).toBe("Nie ma.");
  });

  it("says no answer when the request fails, and when a success's JSON was cut off (so the same request may be sent again)", async () => {
    answering(new TypeError("Failed to fetch"));
    expect(await apiFetch("GET", "/api/x")).toEqual({ ok: false, kind: "network" });
    answering(new Response('{"cost":', { status: 201 }));
    const cut = await apiFetch("POST", "/api/x", {});
    expect(cut).toEqual({ ok: false, kind: "network" });
    expect(!cut.ok && serverMessage(cut)).toBeNull();
  });

  it("takes an empty 204 as done", async () => {
    answering(new Response(null, { status: 204 }));
    expect(await apiFetch("DELETE", "/api/x")).toEqual({ ok: true, body: undefined });
  });
});

describe("getJson", () => {
  it("gives the body, or throws the failed answer for a query to hold", async () => {
    answering(Response.json({ images: [] }));
    expect(await getJson("/api/images")).toEqual({ images: [] });
    answering(Response.json({ error: { code: "UNAUTHORIZED", details: {} } }, { status: 401 }));
    const error = await getJson("/api/images").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiFailure);
    expect((error as ApiFailure).answer).toMatchObject({ kind: "error", status: 401, code: "UNAUTHORIZED" });
  });
});
