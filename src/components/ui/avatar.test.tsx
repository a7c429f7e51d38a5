// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Avatar, initials } from "./avatar";

afterEach(cleanup);

describe("initials", () => {
  it.each([
    ["jan kowalski nowak", "JK"],
    ["anna@x.pl", "A"],
    ["  Łucja   żak ", "ŁŻ"],
    ["maria", "M"],
    ["", ""],
    ["   ", ""],
  ])("%j → %j", (text, expected) => {
    expect(initials(text)).toBe(expected);
  });
});

describe("Avatar", () => {
  it("shows initials named by the alt text while there is no image", () => {
    render(<Avatar alt="Jan Kowalski" />);
    const avatar = screen.getByRole("img", { name: "Jan Kowalski" });
    expect(avatar.textContent).toBe("JK");
  });

  it("takes initials from text when given", () => {
    render(<Avatar text="anna@x.pl" />);
    expect(screen.getByRole("img", { name: "anna@x.pl" }).textContent).toBe("A");
  });

  it("is hidden from assistive technology when alt is empty", () => {
    const { container } = render(<Avatar alt="" text="Jan Kowalski" />);
    expect(screen.queryByRole("img")).toBeNull();
    expect(container.textContent).toBe("JK");
  });

  it("falls back to an icon without a name", () => {
    const { container } = render(<Avatar />);
    expect(container.querySelector("svg")).not.toBeNull();
  });

  it("defaults to size sm and accepts the other sizes", () => {
    const { container, rerender } = render(<Avatar alt="A" />);
    expect(container.firstElementChild?.className).toContain("size-8");
    rerender(<Avatar alt="A" size="3xs" />);
    expect(container.firstElementChild?.className).toContain("size-4");
    rerender(<Avatar alt="A" size="3xl" />);
    expect(container.firstElementChild?.className).toContain("size-20");
  });
});
