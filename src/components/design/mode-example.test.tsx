// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { withMessages } from "~/tests/support/messages";
import type { EditMode } from "@/config/edit-modes";
import { modeExampleOf, type ShowcaseManifest } from "@/config/showcase";
import { ModeExample, pageModeExample } from "./mode-example";

afterEach(cleanup);

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

  it("shows the shipped local example labelled as a preview without AI, and nothing for a mode it has none of", () => {
    render(withMessages(<ModeExample mode="sky" />));
    expect(screen.getByRole("img", { name: "Niebo, przykład: wynik" }).getAttribute("src")).toBe("/showcase/modes/sky/after-640.webp");
    expect(screen.getByText(/podgląd zrobiony lokalnie, bez AI/)).toBeTruthy();
    cleanup();
    expect(render(withMessages(<ModeExample mode="twilight" />)).container.innerHTML).toBe("");
  });
});
