// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { withLayoutLabels } from "~/tests/support/layout-labels";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "./toast";
import { Toaster } from "./toaster";

beforeAll(() => {
  Element.prototype.animate = () => ({ pause() {}, play() {}, cancel() {} }) as unknown as Animation;
});
afterAll(() => {
  delete (Element.prototype as Partial<Element>).animate;
});

beforeEach(() => {
  render(
    withLayoutLabels(<Toaster />),
  );
});
afterEach(() => {
  act(() => toast.clear());
  cleanup();
  vi.useRealTimers();
});

function add(...args: Parameters<typeof toast.add>): number {
  let id = 0;
  act(() => {
    id = toast.add(...args);
  });
  return id;
}
// react-toastify applies updates after a short delay.
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 150)));

describe("toast", () => {
  it("returns timestamp ids that stay unique within one millisecond", () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2030-01-01T10:00:00Z") });
    const first = add({ title: "A" });
    const second = add({ title: "B" });
    expect(first).toBe(Date.parse("2030-01-01T10:00:00Z"));
    expect(second).toBe(first + 1);
    expect(screen.getAllByRole("status")).toHaveLength(2);
  });

  it("defaults to the info colour", () => {
    add({ title: "Informacja" });
    expect(screen.getByRole("status").className).toContain("Toastify__toast--info");
  });

  it("updates title, description and colour of a shown toast", async () => {
    const id = add({ title: "Weryfikujemy płatność…", color: "info" });
    act(() => toast.update(id, { title: "Subskrypcja aktywna", description: "Dodano 30 tokenów." }));
    await settle();
    expect(screen.getByRole("status").textContent).toBe("Subskrypcja aktywnaDodano 30 tokenów.");

    act(() => toast.update(id, { color: "error", title: "Płatność odrzucona", description: undefined }));
    await settle();
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.getByRole("alert").textContent).toBe("Płatność odrzucona");
  });

  it("ignores updates to toasts that are gone", async () => {
    const id = add({ title: "Stary" });
    act(() => toast.remove(id));
    act(() => toast.update(id, { title: "Nowy" }));
    await settle();
    expect(screen.queryByText("Nowy")).toBeNull();
  });

  it("removes one toast or clears them all", () => {
    const first = add({ title: "Pierwszy" });
    add({ title: "Drugi" });
    add({ title: "Trzeci" });
    act(() => toast.remove(first));
    expect(screen.getAllByRole("status").map((item) => item.textContent)).toEqual(["Drugi", "Trzeci"]);
    act(() => toast.clear());
    expect(screen.queryAllByRole("status")).toHaveLength(0);
  });
});
