// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { ComparisonSlider } from "./comparison-slider";

afterEach(cleanup);

function renderSlider() {
  render(
    <ComparisonSlider
      before={{ src: "/before.webp", alt: "Oryginał", width: 1200, height: 800 }}
      after={{ src: "/after.webp", alt: "Wynik", width: 1200, height: 800 }}
      label="Porównanie przed i po: Boho"
      beforeLabel="Przed"
      afterLabel="Po"
      valueText={(percent) => `Podział w ${percent}% szerokości`}
    />,
  );
  const slider = screen.getByRole("slider", { name: "Porównanie przed i po: Boho" }) as HTMLInputElement;
  const after = screen.getByRole("img", { name: "Wynik" });
  return { slider, after };
}

describe("ComparisonSlider", () => {
  it("moves the divider with the arrow keys, Page Up/Down, Home and End", async () => {
    const user = userEvent.setup();
    const { slider, after } = renderSlider();
    expect(slider.value).toBe("50");
    expect(slider.getAttribute("aria-valuetext")).toBe("Podział w 50% szerokości");
    await user.tab();
    expect(document.activeElement).toBe(slider);

    await user.keyboard("{ArrowRight}");
    expect(slider.value).toBe("55");
    expect(after.style.clipPath).toBe("inset(0 0 0 55%)");
    await user.keyboard("{ArrowLeft}{ArrowLeft}");
    expect(slider.value).toBe("45");
    await user.keyboard("{PageUp}");
    expect(slider.value).toBe("65");
    await user.keyboard("{Home}");
    expect(slider.value).toBe("0");
    await user.keyboard("{ArrowLeft}");
    expect(slider.value).toBe("0");
    await user.keyboard("{End}");
    expect(slider.value).toBe("100");
    expect(slider.getAttribute("aria-valuetext")).toBe("Podział w 100% szerokości");
  });

  it("jumps to a clicked point (no drag needed) and follows a drag", () => {
    const { slider, after } = renderSlider();
    const area = after.parentElement!;
    area.getBoundingClientRect = () => ({ left: 100, width: 400, top: 0, height: 300, right: 500, bottom: 300, x: 100, y: 0, toJSON() {} });
    fireEvent.pointerDown(area, { button: 0, clientX: 200, pointerId: 1 });
    expect(slider.value).toBe("25");
    fireEvent.pointerMove(area, { clientX: 400, pointerId: 1 });
    expect(slider.value).toBe("75");
    fireEvent.pointerUp(area, { pointerId: 1 });
    fireEvent.pointerMove(area, { clientX: 150, pointerId: 1 });
    expect(slider.value).toBe("75");
  });
});
