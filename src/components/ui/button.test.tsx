// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Plus } from "lucide-react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Button, buttonClasses } from "./button";

afterEach(cleanup);

describe("Button", () => {
  it("renders a type=button with the defaults sm, solid, primary", () => {
    render(<Button>Zapisz</Button>);
    const button = screen.getByRole("button", { name: "Zapisz" });
    expect(button.getAttribute("type")).toBe("button");
    expect(button.className).toContain("min-h-8");
    expect(button.className).toContain("bg-primary-600");
    expect(button.className).toContain("text-white");
  });

  it("applies size, variant and colour", () => {
    render(
      <Button size="xl" variant="outline" color="red">
        Usuń
      </Button>,
    );
    const { className } = screen.getByRole("button");
    expect(className).toContain("min-h-11");
    expect(className).toContain("ring-red-600/60");
    expect(className).not.toContain("bg-primary-600");
  });

  it("keeps every size at least 24 px tall and wide", () => {
    for (const size of ["2xs", "xs", "sm", "md", "lg", "xl"] as const) {
      for (const side of ["h", "w"]) {
        const pixels = Number(buttonClasses({ size }).match(new RegExp(`min-${side}-(\\d+)`))?.[1]) * 4;
        expect(pixels).toBeGreaterThanOrEqual(24);
      }
    }
  });

  it("calls onClick, but not when disabled", async () => {
    const onClick = vi.fn();
    const { rerender } = render(<Button onClick={onClick}>OK</Button>);
    await userEvent.click(screen.getByRole("button"));
    expect(onClick).toHaveBeenCalledOnce();

    rerender(
      <Button onClick={onClick} disabled>
        OK
      </Button>,
    );
    expect((screen.getByRole("button") as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole("button"));
    expect(onClick).toHaveBeenCalledOnce();
  });

  it("shows a spinner, sets aria-busy and blocks presses while loading, keeping its focus", async () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      // A plain form: the product's Form adds its own focus handling, not what is tested here.
      // eslint-disable-next-line react/forbid-elements
      <form onSubmit={onSubmit}>
        <Button type="submit" loading onClick={onClick} leadingIcon={<Plus data-testid="plus" />}>
          Generuj
        </Button>
      </form>,
    );
    const button = screen.getByRole("button", { name: "Generuj" }) as HTMLButtonElement;
    expect(button.getAttribute("aria-busy")).toBe("true");
    expect(button.getAttribute("aria-disabled")).toBe("true");
    button.focus();
    expect(document.activeElement).toBe(button);
    await userEvent.click(button);
    await userEvent.keyboard("{Enter}");
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.queryByTestId("plus")).toBeNull();
    expect(button.querySelector(".motion-safe\\:animate-spin")).not.toBeNull();
  });

  it("places leading and trailing icons, hidden from assistive technology", () => {
    render(
      <Button leadingIcon={<Plus data-testid="lead" />} trailingIcon={<Plus data-testid="trail" />}>
        Nowy
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Nowy" });
    const [lead, , trail] = Array.from(button.childNodes);
    expect((lead as Element).contains(screen.getByTestId("lead"))).toBe(true);
    expect((trail as Element).contains(screen.getByTestId("trail"))).toBe(true);
    expect((lead as Element).getAttribute("aria-hidden")).toBe("true");
  });

  it("makes an icon-only button square", () => {
    render(<Button aria-label="Dodaj" leadingIcon={<Plus />} />);
    const { className } = screen.getByRole("button", { name: "Dodaj" });
    expect(className).toContain("min-w-8");
    expect(className).not.toContain("px-3");
  });

  it("renders its child with asChild, keeping icons inside", () => {
    render(
      <Button asChild variant="link" leadingIcon={<Plus data-testid="icon" />}>
        <a href="/design">Utwórz</a>
      </Button>,
    );
    const link = screen.getByRole("link", { name: "Utwórz" });
    expect(link.getAttribute("href")).toBe("/design");
    expect(link.hasAttribute("type")).toBe(false);
    expect(link.contains(screen.getByTestId("icon"))).toBe(true);
    expect(link.className).toContain("text-primary-700");
  });

  it("marks a disabled asChild link instead of disabling it", () => {
    render(
      <Button asChild disabled>
        <a href="/cennik">Cennik</a>
      </Button>,
    );
    const link = screen.getByRole("link", { name: "Cennik" });
    expect(link.getAttribute("aria-disabled")).toBe("true");
    expect(link.getAttribute("tabindex")).toBe("-1");
  });
});
