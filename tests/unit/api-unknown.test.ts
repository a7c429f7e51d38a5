import { describe, expect, it } from "vitest";

const route = await import("~/app/api/[[...path]]/route");

describe("an /api address no route serves", () => {
  it("answers every method with the JSON 404 of any other refusal, in the caller's language", async () => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const) {
      const request = new Request("http://localhost/api/no/such/thing", { method, headers: { referer: "http://localhost/en/design" } });
      const answer = await route[method](request, { params: Promise.resolve({ path: ["no", "such", "thing"] }) });
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({ error: { code: "NOT_FOUND", details: {}, message: "Not found." } });
    }
  });
});
