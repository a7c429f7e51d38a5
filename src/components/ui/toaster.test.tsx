// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { withLayoutLabels } from "~/tests/support/layout-labels";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "./toast";
import { TOAST_AUTO_CLOSE_MS, Toaster } from "./toaster";


/** jsdom has no Web Animations API; this stand-in lets the tests finish and inspect the timer. */
class FakeAnimation {
  onfinish: (() => void) | null = null;
  pause = vi.fn();
  play = vi.fn();
  cancel = vi.fn();
  constructor(readonly options: KeyframeAnimationOptions) {}
}
let animations: FakeAnimation[] = [];

beforeAll(() => {
  Element.prototype.animate = function (_keyframes, options) {
    const animation = new FakeAnimation(options as KeyframeAnimationOptions);
    animations.push(animation);
    return animation as unknown as Animation;
  };
});
afterAll(() => {
  delete (Element.prototype as Partial<Element>).animate;
});

beforeEach(() => {
  animations = [];
  // react-toastify pauses while the window lacks focus, which jsdom reports by default.
  vi.spyOn(document, "hasFocus").mockReturnValue(true);
  render(
    withLayoutLabels(<Toaster />),
  );
});
afterEach(() => {
  act(() => toast.clear());
  cleanup();
  vi.restoreAllMocks();
});

const show = (...args: Parameters<typeof toast.add>) =>
  act(() => {
    toast.add(...args);
  });
const lastAnimation = () => animations.at(-1)!;

describe("Toaster", () => {
  it("is a named notification region", () => {
    expect(screen.getByRole("region", { name: "Powiadomienia (Alt+T)" })).toBeTruthy();
  });

  it("shows a toast bottom-right, full width on small screens and 24rem from sm", () => {
    show({ title: "Zapisano", description: "Profil jest aktualny.", color: "success" });
    const item = screen.getByRole("status");
    expect(item.textContent).toContain("Zapisano");
    expect(item.textContent).toContain("Profil jest aktualny.");
    expect(item.className).toMatch(/(^| )w-full( |$)/);
    expect(item.className).toContain("sm:w-96");
    const container = item.parentElement!;
    expect(container.className).toContain("Toastify__toast-container--bottom-right");
    expect(container.className).toContain("inset-x-0 bottom-0");
    expect(container.className).toContain("sm:left-auto");
  });

  it("announces errors and warnings as alerts", () => {
    show({ title: "Błąd", color: "error" });
    show({ title: "Uwaga", color: "warning" });
    expect(screen.getAllByRole("alert").map((item) => item.textContent)).toEqual(["Błąd", "Uwaga"]);
  });

  it("has a translated close button of at least 24×24 px that removes the toast", async () => {
    show({ title: "Zapisano" });
    const close = screen.getByRole("button", { name: "Zamknij" });
    expect(close.className).toContain("size-8");
    await userEvent.click(close);
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("closes itself when its 5000 ms timer runs out", () => {
    show({ title: "Zapisano" });
    expect(TOAST_AUTO_CLOSE_MS).toBe(5000);
    expect(lastAnimation().options.duration).toBe(5000);
    act(() => lastAnimation().onfinish!());
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("pauses the timer while hovered", () => {
    show({ title: "Zapisano" });
    const animation = lastAnimation();
    expect(animation.play).toHaveBeenLastCalledWith();
    fireEvent.mouseEnter(screen.getByRole("status"));
    expect(animation.pause).toHaveBeenCalled();
    fireEvent.mouseLeave(screen.getByRole("status"));
    expect(animation.play).toHaveBeenCalled();
  });

  it("restarts the timer when the toast is updated", async () => {
    let id = 0;
    act(() => {
      id = toast.add({ title: "Weryfikacja" });
    });
    const first = lastAnimation();
    act(() => toast.update(id, { title: "Gotowe", color: "success" }));
    await vi.waitFor(() => expect(screen.getByRole("status").textContent).toBe("Gotowe"));
    expect(first.cancel).toHaveBeenCalled();
    expect(lastAnimation()).not.toBe(first);
  });

  it("keeps the timer out of the accessibility tree", () => {
    show({ title: "Zapisano" });
    expect(screen.queryByRole("progressbar")).toBeNull();
  });
});
