// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { LogOut, User } from "lucide-react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Button } from "./button";
import {
  DropdownMenu,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  type DropdownMenuItemData,
} from "./dropdown-menu";

const fruit: DropdownMenuItemData[] = ["Apple", "Banana", "Blueberry", "Cherry", "Lemon"].map((label) => ({ label }));

const focused = () => document.activeElement?.textContent;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("DropdownMenu with data items", () => {
  const onLogout = vi.fn();
  const items: DropdownMenuItemData[][] = [
    [{ type: "label", label: "jan@example.pl", avatar: { text: "Jan Kowalski", alt: "" } }],
    [
      { label: "Profil", icon: <User />, href: "/settings/profile", shortcut: "⌘P" },
      { label: "Wkrótce", disabled: true },
    ],
    [{ label: "Wyloguj", icon: <LogOut />, onSelect: onLogout }],
  ];

  beforeEach(() => onLogout.mockReset());

  it("opens on click and renders labels, links, sections and disabled items", async () => {
    const user = userEvent.setup();
    render(<DropdownMenu trigger={<Button>Konto</Button>} items={items} />);
    expect(screen.queryByRole("menu")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Konto" }));
    const menu = screen.getByRole("menu", { name: "Konto" });
    expect(menu.textContent).toContain("jan@example.pl");
    expect(screen.getAllByRole("separator")).toHaveLength(2);
    expect(screen.getAllByRole("group")).toHaveLength(3);

    const profile = screen.getByRole("menuitem", { name: /Profil/ });
    expect(profile.tagName).toBe("A");
    expect(profile.getAttribute("href")).toBe("/settings/profile");
    expect(profile.textContent).toContain("⌘P");
    expect(screen.getByRole("menuitem", { name: "Wkrótce" }).getAttribute("aria-disabled")).toBe("true");
  });

  it("calls onSelect and closes", async () => {
    const user = userEvent.setup();
    render(<DropdownMenu trigger={<Button>Konto</Button>} items={items} />);
    await user.click(screen.getByRole("button", { name: "Konto" }));
    await user.click(screen.getByRole("menuitem", { name: "Wyloguj" }));
    expect(onLogout).toHaveBeenCalledOnce();
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("opens from the keyboard and moves with arrows, skipping disabled items", async () => {
    const user = userEvent.setup();
    render(<DropdownMenu trigger={<Button>Konto</Button>} items={items} />);
    await user.tab();
    await user.keyboard("{Enter}");
    await vi.waitFor(() => expect(focused()).toContain("Profil"));
    await user.keyboard("{ArrowDown}");
    expect(focused()).toBe("Wyloguj");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Konto" }));
  });

  it("accepts a flat list as one section", async () => {
    const user = userEvent.setup();
    render(<DropdownMenu trigger={<Button>Owoce</Button>} items={fruit} />);
    await user.click(screen.getByRole("button", { name: "Owoce" }));
    expect(screen.getAllByRole("menuitem")).toHaveLength(5);
    expect(screen.queryByRole("separator")).toBeNull();
  });
});

describe("DropdownMenu with children", () => {
  it("renders the building blocks", async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(
      <DropdownMenu trigger={<Button>Menu</Button>}>
        <DropdownMenuLabel>Nagłówek</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onSelect}>Pierwsza</DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href="/blog">Blog</a>
        </DropdownMenuItem>
      </DropdownMenu>,
    );
    await user.click(screen.getByRole("button", { name: "Menu" }));
    expect(screen.getByRole("menuitem", { name: "Blog" }).getAttribute("href")).toBe("/blog");
    await user.click(screen.getByRole("menuitem", { name: "Pierwsza" }));
    expect(onSelect).toHaveBeenCalledOnce();
  });
});

// user-event's async wrapper waits on real timers, so the timed tests drive events directly.
const fakeTimers = () => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
const open = (trigger: HTMLElement) => fireEvent.pointerDown(trigger, { button: 0, pointerType: "mouse" });
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
// Radix moves focus to a type-ahead match on the next task.
const type = (key: string) => (fireEvent.keyDown(document.activeElement!, { key }), wait(0));
/** Radix's type-ahead window: letters typed within it extend one search. */
const TYPEAHEAD_RESET_MS = 1000;

describe("type-ahead", () => {
  function openMenu(items: DropdownMenuItemData[] = fruit) {
    fakeTimers();
    render(<DropdownMenu trigger={<Button>Menu</Button>} items={items} />);
    open(screen.getByRole("button", { name: "Menu" }));
    expect(screen.getByRole("menu")).toBeTruthy();
  }

  it("focuses the next item matching the typed letters", () => {
    openMenu();
    type("b");
    expect(focused()).toBe("Banana");
    type("l");
    expect(focused()).toBe("Blueberry");
  });

  it("keeps the search within a second", () => {
    openMenu();
    type("b");
    wait(TYPEAHEAD_RESET_MS - 1);
    type("l");
    expect(focused()).toBe("Blueberry");
  });

  it("starts a new search after a second", () => {
    openMenu();
    type("b");
    expect(focused()).toBe("Banana");
    wait(TYPEAHEAD_RESET_MS);
    type("l");
    expect(focused()).toBe("Lemon");
  });

  it("matches regardless of case", () => {
    openMenu();
    type("C");
    expect(focused()).toBe("Cherry");
  });

  it("cycles through items when the same letter repeats", () => {
    openMenu();
    type("b");
    type("b");
    expect(focused()).toBe("Blueberry");
    type("b");
    expect(focused()).toBe("Banana");
  });

  it("ignores disabled items and matches the label, not the shortcut", () => {
    openMenu([{ label: "Pomoc", disabled: true }, { label: "Profil", shortcut: "P" }, { label: "Płatności" }]);
    type("p");
    expect(focused()).toContain("Profil");
    type("ł");
    expect(focused()).toBe("Płatności");
  });

  it("lets Space select when no search is running, and treats it as text during a search", () => {
    const onSelect = vi.fn();
    openMenu([{ label: "Nowy projekt", onSelect }, { label: "Nowy plik" }]);
    type("n");
    type(" ");
    expect(onSelect).not.toHaveBeenCalled();
    wait(TYPEAHEAD_RESET_MS);
    type(" ");
    expect(onSelect).toHaveBeenCalledOnce();
  });

  it("leaves modified keys alone", () => {
    openMenu();
    fireEvent.keyDown(document.activeElement!, { key: "b", ctrlKey: true });
    expect(focused()).not.toBe("Banana");
  });
});

describe("hover mode", () => {
  function renderHover(props: { openDelay?: number; closeDelay?: number } = {}) {
    fakeTimers();
    render(<DropdownMenu mode="hover" trigger={<Button>Owoce</Button>} items={fruit} {...props} />);
    return screen.getByRole("button", { name: "Owoce" });
  }
  const menu = () => screen.queryByRole("menu");
  const enter = (element: HTMLElement, pointerType = "mouse") => fireEvent.pointerEnter(element, { pointerType });
  const leave = (element: HTMLElement) => fireEvent.pointerLeave(element, { pointerType: "mouse" });

  it("opens after openDelay and closes after the default 100 ms closeDelay", () => {
    const trigger = renderHover({ openDelay: 200 });
    enter(trigger);
    wait(199);
    expect(menu()).toBeNull();
    wait(1);
    expect(menu()).not.toBeNull();

    leave(trigger);
    wait(99);
    expect(menu()).not.toBeNull();
    wait(1);
    expect(menu()).toBeNull();
  });

  it("does not open when the pointer leaves before openDelay", () => {
    const trigger = renderHover({ openDelay: 200 });
    enter(trigger);
    wait(100);
    leave(trigger);
    wait(500);
    expect(menu()).toBeNull();
  });

  it("opens at once by default and stays open while the pointer moves into the menu", () => {
    const trigger = renderHover({ closeDelay: 300 });
    enter(trigger);
    expect(menu()).not.toBeNull();
    leave(trigger);
    enter(menu()!);
    wait(1000);
    expect(menu()).not.toBeNull();
    leave(menu()!);
    wait(299);
    expect(menu()).not.toBeNull();
    wait(1);
    expect(menu()).toBeNull();
  });

  it("still opens by tap and keyboard", () => {
    const trigger = renderHover();
    fireEvent.pointerDown(trigger, { button: 0, pointerType: "touch" });
    expect(menu()).not.toBeNull();
    type("Escape");
    expect(menu()).toBeNull();

    fireEvent.keyDown(trigger, { key: "Enter" });
    expect(menu()).not.toBeNull();
  });

  it("does not shut a hover-opened menu when the trigger is clicked", () => {
    const trigger = renderHover();
    enter(trigger);
    open(trigger);
    expect(menu()).not.toBeNull();
  });

  it("ignores touch hovers", () => {
    const trigger = renderHover();
    enter(trigger, "touch");
    expect(menu()).toBeNull();
  });
});
