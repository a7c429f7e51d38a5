// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { withLayoutLabels } from "~/tests/support/layout-labels";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { COLOR_MODE_STORAGE_KEY } from "./color-mode-script";
import { ColorModeProvider } from "./color-mode-provider";
import { ColorModeSwitch } from "./color-mode-switch";

function renderSwitch() {
  return render(
    withLayoutLabels(
      <ColorModeProvider>
        <ColorModeSwitch />
      </ColorModeProvider>,
    ),
  );
}

const checked = (name: string) => (screen.getByRole("radio", { name }) as HTMLInputElement).checked;

describe("ColorModeSwitch", () => {
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal("matchMedia", () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
    // jsdom has no CSS.escape; user-event needs it to move between radios with the arrow keys.
    vi.stubGlobal("CSS", { escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`) });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("gives two switches on one page separate radio groups", () => {
    render(
      withLayoutLabels(
        <ColorModeProvider>
          <ColorModeSwitch />
          <ColorModeSwitch />
        </ColorModeProvider>,
      ),
    );
    const names = new Set(screen.getAllByRole("radio").map((radio) => radio.getAttribute("name")));
    expect(names.size).toBe(2);
  });

  it("offers the three preferences under a translated name, with system selected by default", () => {
    renderSwitch();
    const group = screen.getByRole("radiogroup", { name: "Tryb kolorów" });
    expect(group).toBeTruthy();
    expect(screen.getAllByRole("radio").map((radio) => radio.closest("label")?.textContent)).toEqual([
      "Jasny",
      "Ciemny",
      "Systemowy",
    ]);
    expect(checked("Systemowy")).toBe(true);
  });

  it("stores the clicked preference and applies it", async () => {
    renderSwitch();
    await userEvent.click(screen.getByRole("radio", { name: "Ciemny" }));
    expect(localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe("dark");
    expect(checked("Ciemny")).toBe(true);
    expect(checked("Systemowy")).toBe(false);
    expect(document.documentElement.classList.contains("dark")).toBe(true);
  });

  it("keeps a preference selected when the selected item is pressed again", async () => {
    renderSwitch();
    await userEvent.click(screen.getByRole("radio", { name: "Systemowy" }));
    expect(checked("Systemowy")).toBe(true);
  });

  it("works from the keyboard", async () => {
    const user = userEvent.setup();
    renderSwitch();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("radio", { name: "Systemowy" }));
    await user.keyboard("{ArrowLeft}");
    expect(localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe("dark");
    expect(checked("Ciemny")).toBe(true);
  });
});
