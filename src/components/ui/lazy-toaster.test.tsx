// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { withLayoutLabels } from "~/tests/support/layout-labels";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { LazyToaster } from "./lazy-toaster";
import { toast } from "./toast";

beforeAll(() => {
  Element.prototype.animate = () => ({ pause() {}, play() {}, cancel() {} }) as unknown as Animation;
});
afterAll(() => {
  delete (Element.prototype as Partial<Element>).animate;
});
afterEach(cleanup);

describe("LazyToaster", () => {
  it("mounts no container until a toast is asked for, then shows the toast that was asked for first", async () => {
    const { container } = render(withLayoutLabels(<LazyToaster />));
    expect(container.innerHTML).toBe("");

    act(() => {
      toast.add({ title: "Hasło zmienione", color: "success" });
    });
    expect(await screen.findByText("Hasło zmienione")).toBeTruthy();
    expect(screen.getByRole("region", { name: /Powiadomienia/ })).toBeTruthy();
  });
});
