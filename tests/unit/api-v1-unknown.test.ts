import { describe, expect, it } from "vitest";

const unknown = await import("~/app/api/v1/[[...path]]/route");
const balance = await import("~/app/api/v1/balance/route");

/** The API's error shape, whatever route answered. */
function expectApiError(body: unknown, code: string) {
  expect(body).toMatchObject({ error: { code, param: null } });
  const error = (body as { error: { message: string; doc_url: string; request_id: string } }).error;
  expect(error.doc_url).toMatch(new RegExp(`/(en/developers|dla-programistow)#${code.toLowerCase()}$`));
  expect(error.request_id).toMatch(/^req_[\w-]{16}$/);
  return error;
}

describe("the public API outside its routes", () => {
  it("answers an address no route serves with its own 404, in the language asked for", async () => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const) {
      const request = new Request("http://localhost/api/v1/no/such/thing", { method, headers: { "accept-language": "en" } });
      const answer = await unknown[method](request);
      expect(answer.status).toBe(404);
      expect(answer.headers.get("request-id")).toMatch(/^req_/);
      const error = expectApiError(await answer.json(), "NOT_FOUND");
      expect(error).toMatchObject({ reason: "unknownPath", message: "No endpoint of the API has this address. The reference lists them all." });
    }
    const polish = await unknown.GET(new Request("http://localhost/api/v1", { headers: { "accept-language": "pl-PL,pl;q=0.9" } }));
    expect(expectApiError(await polish.json(), "NOT_FOUND").message).toBe("Pod tym adresem API nic nie ma. Wszystkie adresy wymienia dokumentacja.");
  });

  it("answers a method a route does not serve with its own 405 and Allow", async () => {
    const answer = balance.DELETE(new Request("http://localhost/api/v1/balance", { method: "DELETE", headers: { "accept-language": "en" } }));
    expect(answer.status).toBe(405);
    expect(answer.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(expectApiError(await answer.json(), "METHOD_NOT_ALLOWED").message).toBe("This address does not accept DELETE requests.");
  });
});
