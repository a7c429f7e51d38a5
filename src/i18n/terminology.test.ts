import { describe, expect, it } from "vitest";
import { catalogs } from "./catalogs";

/** Every message of a catalogue with its key, flattened. */
function entries(messages: object, prefix = ""): [string, string][] {
  return Object.entries(messages).flatMap(([key, value]) => (typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : entries(value as object, `${prefix}${key}.`)));
}

describe("terminology", () => {
  it("calls the product's unit a token in Polish everywhere (tokeny), never żetony", () => {
    expect(entries(catalogs.pl).filter(([, text]) => /żeton/i.test(text))).toEqual([]);
  });
});
