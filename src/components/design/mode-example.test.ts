import { describe, expect, it } from "vitest";
import type { EditMode } from "@/config/edit-modes";
import { modeExampleOf, type ShowcaseManifest } from "@/config/showcase";
import { pageModeExample } from "./mode-example";

describe("the design page's mode example", () => {
  const manifest: ShowcaseManifest = { engine: "openai", photos: {}, modes: { replace: { width: 640, height: 427 }, twilight: { width: 640, height: 480 } } };
  const exampleOf = (mode: EditMode) => modeExampleOf(mode, manifest);

  it("shows the made example of the mode, or of the first mode of its group that has one", () => {
    expect(pageModeExample("twilight", exampleOf)).toEqual({ before: "/showcase/modes/twilight/before-640.webp", after: "/showcase/modes/twilight/after-640.webp", width: 640, height: 480, ai: true });
    expect(pageModeExample("region", exampleOf)?.after).toBe("/showcase/modes/replace/after-640.webp");
  });

  it("shows none for a mode the showcase has no example of", () => {
    expect(pageModeExample("facade", exampleOf)).toBeUndefined();
    expect(pageModeExample("no-such-mode", exampleOf)).toBeUndefined();
  });
});
