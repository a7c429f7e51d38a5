import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { addListingPhotosSchema, chooseListingResultSchema, createListingSchema, generateListingSchema, reorderListingPhotosSchema, updateListingSchema } from "@/schemas/listings";
import { errorAnswer } from "@/server/http/error-answer";
import { invalidInput } from "./invalid-input";

/** The sentence a refused body gets, in Polish and English. */
function refusal(schema: z.ZodType, body: unknown) {
  const parsed = schema.safeParse(body);
  if (parsed.success) throw new Error("accepted");
  const error = invalidInput(parsed.error);
  return { details: error.details, pl: errorAnswer(error, { locale: "pl", context: "t" }).message, en: errorAnswer(error, { locale: "en", context: "t" }).message };
}

describe("invalidInput: a refused request says what to change", () => {
  it("keeps a listing's name without control characters or direction overrides, and an emoji or markup as written", () => {
    const name = (value: string) => createListingSchema.parse({ name: value }).name;
    expect(name("  Złota\u0000 44\n/12\u001b[31m  ")).toBe("Złota 44 /12 [31m");
    expect(name("\u202Eabc\u2066")).toBe("abc");
    expect(name("🏠 👨‍👩‍👧‍👦")).toBe("🏠 👨‍👩‍👧‍👦");
    expect(name("<b>x</b>")).toBe("<b>x</b>");
    expect(updateListingSchema.parse({ name: "a\tb" }).name).toBe("a b");
  });

  it("refuses an empty, blank, control-only, invisible, missing or too long name with a sentence of its own", () => {
    // Zero-width characters or combining marks alone show nothing: an empty heading, a link nobody can click.
    for (const body of [{ name: "" }, { name: "   " }, { name: "\u0000\u0007\n" }, { name: "\u200B\u200C\u200D" }, { name: "\u0301\u0308".repeat(30) }, {}, { name: 5 }]) {
      expect(refusal(createListingSchema, body)).toEqual({ details: { field: "name", reason: "noListingName" }, pl: "Wpisz nazwę ogłoszenia.", en: "Enter a name for the listing." });
    }
    expect(refusal(updateListingSchema, { name: "x".repeat(10_240) })).toEqual({
      details: { field: "name", reason: "listingNameTooLong", max: 120 },
      pl: "Nazwa ogłoszenia może mieć najwyżej 120 znaków.",
      en: "A listing's name can have at most 120 characters.",
    });
  });

  it("names the reason of a listing's Generate refused by its schema, and falls back to the general sentence", () => {
    const generate = (body: object) => refusal(generateListingSchema, { styles: ["modern"], variations: 1, requestId: randomUUID(), ...body });
    expect(generate({ styles: ["a", "b", "c", "d", "e", "f", "g", "h", "i"] })).toMatchObject({ details: { field: "styles", reason: "tooManyStyles", max: 8 }, pl: "Wybierz naraz najwyżej 8 stylów." });
    expect(generate({ styles: ["modern", "modern"] })).toMatchObject({ details: { reason: "duplicateStyles" }, en: "Each style can be chosen only once." });
    expect(generate({ styles: [] })).toMatchObject({ details: { reason: "noStyles" } });
    expect(generate({ mode: "declutter", styles: [] })).toMatchObject({ details: { field: "params", reason: "noScope" } });
    for (const variations of [9, 1.5, "2", 0]) expect(generate({ variations })).toMatchObject({ details: { field: "variations", reason: "badVariations" }, pl: "Wybierz z listy, ile wariantów zrobić." });
    expect(generate({ requestId: "x" })).toEqual({ details: { field: "requestId" }, pl: "Sprawdź wprowadzone dane.", en: expect.any(String) });
  });

  it("refuses an id that no row could have (a NUL, a slash, a space) before it reaches a query", () => {
    for (const id of ["a\u0000", "../x", "a b", "", "x".repeat(101)]) {
      expect(refusal(chooseListingResultSchema, { visualizationId: id }).details).toEqual({ field: "visualizationId" });
      expect(refusal(addListingPhotosSchema, { sources: [{ type: "image", imageId: id }] }).details).toMatchObject({ field: "sources" });
      expect(refusal(reorderListingPhotosSchema, { photoIds: [id] }).details).toMatchObject({ field: "photoIds" });
    }
    expect(chooseListingResultSchema.parse({ visualizationId: "drUDDOy9dozTjnKmhszmbg" })).toEqual({ visualizationId: "drUDDOy9dozTjnKmhszmbg" });
    expect(chooseListingResultSchema.parse({ visualizationId: null })).toEqual({ visualizationId: null });
  });
});
