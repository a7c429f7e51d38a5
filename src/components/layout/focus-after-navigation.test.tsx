// @vitest-environment happy-dom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

const address = { pathname: "/ogloszenia", search: "" };
vi.mock("next/navigation", () => ({
  usePathname: () => address.pathname,
  useSearchParams: () => new URLSearchParams(address.search),
}));
const { FocusAfterNavigation } = await import("./focus-after-navigation");

const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));

function page(title: string) {
  return (
    <>
      <FocusAfterNavigation />
      <main id="main">
        <h1>{title}</h1>
        <button type="button">Dalej</button>
      </main>
    </>
  );
}

afterEach(cleanup);

describe("FocusAfterNavigation", () => {
  it("takes focus lost by a navigation to the new page's heading, and leaves focus the page set itself", async () => {
    const { rerender } = render(page("Ogłoszenia"));
    await frame();
    // The first render is a full page load: nothing is moved.
    expect(document.activeElement).toBe(document.body);

    address.search = "id=l1";
    rerender(page("Mokotowska 8"));
    await frame();
    const heading = document.querySelector("h1")!;
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute("tabindex")).toBe("-1");

    document.querySelector("button")!.focus();
    address.search = "id=l2";
    rerender(page("Złota 44"));
    await frame();
    expect(document.activeElement).toBe(document.querySelector("button"));
  });
});
