import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findStyle, styleIds, styles } from "./styles";

const root = path.resolve(import.meta.dirname, "../..");
// The names and descriptions wait here until they are merged into messages/{pl,en}.json.
const messages = (locale: "pl" | "en") =>
  JSON.parse(readFileSync(path.join(root, `messages/${locale}.json`), "utf8")) as {
    styles: Record<string, { name?: string; description?: string }>;
  };

describe("styles", () => {
  it("has about 30 styles with unique kebab-case ids", () => {
    expect(styles.length).toBeGreaterThanOrEqual(28);
    expect(styles.length).toBeLessThanOrEqual(32);
    expect(new Set(styleIds).size).toBe(styles.length);
    for (const id of styleIds) expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it("gives every style a prompt fragment that starts with its name", () => {
    for (const style of styles) {
      expect(style.prompt.length).toBeGreaterThan(40);
      expect(style.prompt).toMatch(/^[^:]+ style: /);
    }
  });

  it("has a thumbnail file for every style", () => {
    for (const style of styles) {
      expect(style.thumbnail).toBe(`/styles/${style.id}.webp`);
      expect(existsSync(path.join(root, "public", style.thumbnail)), style.thumbnail).toBe(true);
    }
  });

  it.each(["pl", "en"] as const)("has a name and a description of every style, and no other, in %s", (locale) => {
    const texts = messages(locale).styles;
    expect(Object.keys(texts).sort()).toEqual([...styleIds].sort());
    for (const id of styleIds) {
      expect(texts[id]?.name?.trim(), id).toBeTruthy();
      expect(texts[id]?.description?.trim(), id).toBeTruthy();
    }
  });

  it("keeps every look in its documented ranges", () => {
    const hex = /^#[0-9a-f]{6}$/;
    for (const { id, look } of styles) {
      expect([look.palette.shadow, look.palette.highlight, look.vignette.colour].every((c) => hex.test(c)), id).toBe(true);
      for (const unit of [look.palette.amount, look.texture.strength, look.vignette.strength]) {
        expect(unit, id).toBeGreaterThanOrEqual(0);
        expect(unit, id).toBeLessThanOrEqual(1);
      }
      expect(look.warmth, id).toBeGreaterThanOrEqual(-1);
      expect(look.warmth, id).toBeLessThanOrEqual(1);
      expect(look.gamma, id).toBeGreaterThanOrEqual(0.5);
      expect(look.gamma, id).toBeLessThanOrEqual(2);
    }
  });

  it("finds a style by id, and nothing for an unknown id", () => {
    expect(findStyle("japandi")?.id).toBe("japandi");
    expect(findStyle("no-such-style")).toBeUndefined();
  });
});
