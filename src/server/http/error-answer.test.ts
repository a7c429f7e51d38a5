import { describe, expect, it } from "vitest";
import { AppError } from "@/server/errors";
import { errorAnswer, errorResponse, requestLocale } from "./error-answer";

describe("errorAnswer: one mapping from errors to answers", () => {
  it("gives a domain error its status and the sentence of its reason, in the reader's language", () => {
    const error = new AppError("FORBIDDEN", { reason: "wrongPassword" });
    expect(errorAnswer(error, { locale: "pl", context: "t" })).toEqual({ code: "FORBIDDEN", status: 403, details: { reason: "wrongPassword" }, message: "Obecne hasło jest nieprawidłowe." });
    expect(errorAnswer(error, { locale: "en", context: "t" }).message).toBe("The current password is incorrect.");
  });

  it("falls back to the code's sentence, filled with the details (Polish plurals included)", () => {
    const answer = errorAnswer(new AppError("INSUFFICIENT_TOKENS", { balance: 2, attempted: 5 }), { locale: "pl", context: "t" });
    expect(answer).toMatchObject({ status: 402, message: "Masz 2 tokeny, a ta operacja wymaga 5 tokenów." });
    expect(errorAnswer(new AppError("NOT_FOUND", { reason: "no-sentence-for-this" }), { locale: "en", context: "t" }).message).toBe("Not found.");
    const tooLong = new AppError("INVALID_INPUT", { field: "params", reason: "instructionTooLong", max: 300 });
    expect(errorAnswer(tooLong, { locale: "pl", context: "t" }).message).toBe("Polecenie może mieć najwyżej 300 znaków.");
    expect(errorAnswer(tooLong, { locale: "en", context: "t" }).message).toBe("The instruction can have at most 300 characters.");
  });

  it("names the engine in words and the modes by the ids a client sends", () => {
    const error = new AppError("INVALID_INPUT", { field: "mode", reason: "modeNotOnEngine", engine: "replicate", modes: "restyle, stage, replace" });
    const en = errorAnswer(error, { locale: "en", context: "t" });
    expect(en.details).toMatchObject({ engine: "replicate", modes: "restyle, stage, replace" });
    expect(en.message).toBe("This work’s engine, Replicate, cannot make this kind of edit. The modes it can make: restyle, stage, replace.");
    expect(errorAnswer(error, { locale: "pl", context: "t" }).message).toBe("Silnik tej pracy – Replicate – nie wykona tej edycji. Tryby, które wykona: restyle, stage, replace.");
  });

  it("says why an upload was refused", () => {
    expect(errorAnswer(new AppError("INVALID_IMAGE", { reason: "tooLarge" }), { locale: "en", context: "t" }).message).toMatch(/^The file is larger than 20 MB\./);
  });

  it("answers a fault of ours as INTERNAL without its internals", () => {
    const answer = errorAnswer(new Error("connection to 10.0.0.5 refused"), { locale: "pl", context: "t" });
    expect(answer).toEqual({ code: "INTERNAL", status: 500, details: {}, message: "Coś poszło nie tak. Spróbuj ponownie za chwilę." });
  });
});

describe("errorResponse", () => {
  it("answers in the language of the page the call came from, with Retry-After on a 429", async () => {
    const request = new Request("http://localhost/api/batches", { headers: { referer: "http://localhost/en/design" } });
    expect(requestLocale(request)).toBe("en");
    const response = errorResponse(new AppError("RATE_LIMITED", { retryAfter: 42 }), request);
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("42");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ error: { code: "RATE_LIMITED", details: { retryAfter: 42 }, message: "Too many attempts. Please try again in a moment." } });
    expect(requestLocale(new Request("http://localhost/api/x", { headers: { referer: "http://localhost/english" } }))).toBe("pl");
    // Without a Referer: the language chosen on the site, then the browser's preference among ours, then Polish.
    const without = (headers: Record<string, string>) => requestLocale(new Request("http://localhost/api/x", { headers }));
    expect(without({ cookie: "a=1; NEXT_LOCALE=en", "accept-language": "pl" })).toBe("en");
    expect(without({ "accept-language": "de-DE,en-GB;q=0.9,pl;q=0.8" })).toBe("en");
    expect(without({ "accept-language": "en;q=0.5,pl-PL" })).toBe("pl");
    expect(without({ "accept-language": "de, fr;q=0.5" })).toBe("pl");
    expect(without({})).toBe("pl");
  });

  it("answers BUSY as 503 with Retry-After and a sentence the design page shows", async () => {
    const response = errorResponse(new AppError("BUSY", { retryAfter: 5 }), new Request("http://localhost/api/images"));
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(await response.json()).toEqual({ error: { code: "BUSY", details: { retryAfter: 5 }, message: "Serwer przyjmuje teraz zbyt wiele zdjęć naraz. Spróbuj ponownie za kilka sekund." } });
  });
});
