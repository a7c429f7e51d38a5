// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { COLOR_MODE_STORAGE_KEY } from "./color-mode-script";
import { ColorModeProvider } from "./color-mode-provider";
import { ColorModeSwitch } from "./color-mode-switch";

const messages = {
  ui: { colorMode: { label: "Tryb kolorów", light: "Jasny", dark: "Ciemny", system: "Systemowy" } },
};

function renderSwitch() {
  return render(
    <NextIntlClientProvider locale="pl" messages={messages}>
      <ColorModeProvider>
        <ColorModeSwitch />
      </ColorModeProvider>
    </NextIntlClientProvider>,
  );
}

describe("ColorModeSwitch", () => {
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal("matchMedia", () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("offers the three preferences under a translated name, with system selected by default", () => {
    renderSwitch();
    const group = screen.getByRole("radiogroup", { name: "Tryb kolorów" });
    expect(group).toBeTruthy();
    expect(screen.getAllByRole("radio").map((radio) => radio.getAttribute("aria-label"))).toEqual([
      "Jasny",
      "Ciemny",
      "Systemowy",
    ]);
    expect(screen.getByRole("radio", { name: "Systemowy" }).getAttribute("aria-checked")).toBe("true");
  });

  it("stores the clicked preference and applies it", async () => {
    renderSwitch();
    await userEvent.click(screen.getByRole("radio", { name: "Ciemny" }));
    expect(localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe("dark");
    expect(screen.getByRole("radio", { name: "Ciemny" }).getAttribute("aria-checked")).toBe("true");
    expect(document.documentElement.classList.contains("dark")).toBe(true);
  });

  it("keeps a preference selected when the selected item is pressed again", async () => {
    renderSwitch();
    await userEvent.click(screen.getByRole("radio", { name: "Systemowy" }));
    expect(screen.getByRole("radio", { name: "Systemowy" }).getAttribute("aria-checked")).toBe("true");
  });

  it("works from the keyboard", async () => {
    const user = userEvent.setup();
    renderSwitch();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("radio", { name: "Systemowy" }));
    await user.keyboard("{ArrowLeft}{Enter}");
    expect(localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe("dark");
  });
});
