// @vitest-environment jsdom
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
  TYPEAHEAD_RESET_MS,
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

describe("type-ahead", () => {
  async function openFruit() {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<DropdownMenu trigger={<Button>Owoce</Button>} items={fruit} />);
    await user.click(screen.getByRole("button", { name: "Owoce" }));
    return user;
  }

  it("focuses the next item matching the typed letters", async () => {
    const user = await openFruit();
    await user.keyboard("b");
    expect(focused()).toBe("Banana");
    await user.keyboard("l");
    expect(focused()).toBe("Blueberry");
  });

  it("keeps the search within 350 ms", async () => {
    const user = await openFruit();
    await user.keyboard("b");
    act(() => vi.advanceTimersByTime(TYPEAHEAD_RESET_MS - 1));
    await user.keyboard("l");
    expect(focused()).toBe("Blueberry");
  });

  it("starts a new search after 350 ms, not after Radix's 1000 ms", async () => {
    expect(TYPEAHEAD_RESET_MS).toBe(350);
    const user = await openFruit();
    await user.keyboard("b");
    expect(focused()).toBe("Banana");
    act(() => vi.advanceTimersByTime(TYPEAHEAD_RESET_MS));
    await user.keyboard("l");
    expect(focused()).toBe("Lemon");
  });

  it("cycles through items when the same letter repeats", async () => {
    const user = await openFruit();
    await user.keyboard("b");
    await user.keyboard("b");
    expect(focused()).toBe("Blueberry");
    await user.keyboard("b");
    expect(focused()).toBe("Banana");
  });

  it("ignores disabled items and matches the label, not the shortcut", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(
      <DropdownMenu
        trigger={<Button>Menu</Button>}
        items={[{ label: "Pomoc", disabled: true }, { label: "Profil", shortcut: "P" }, { label: "Płatności" }]}
      />,
    );
    await user.click(screen.getByRole("button", { name: "Menu" }));
    await user.keyboard("p");
    expect(focused()).toContain("Profil");
    await user.keyboard("ł");
    expect(focused()).toBe("Płatności");
  });

  it("lets Space select when no search is running", async () => {
    const onSelect = vi.fn();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<DropdownMenu trigger={<Button>Menu</Button>} items={[{ label: "Zapisz", onSelect }]} />);
    await user.click(screen.getByRole("button", { name: "Menu" }));
    await user.keyboard("z");
    act(() => vi.advanceTimersByTime(TYPEAHEAD_RESET_MS));
    await user.keyboard(" ");
    expect(onSelect).toHaveBeenCalledOnce();
  });
});

describe("hover mode", () => {
  function renderHover(props: { openDelay?: number; closeDelay?: number } = {}) {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<DropdownMenu mode="hover" trigger={<Button>Owoce</Button>} items={fruit} {...props} />);
    return { user, trigger: screen.getByRole("button", { name: "Owoce" }) };
  }
  const menu = () => screen.queryByRole("menu");

  it("opens after openDelay and closes after the default 100 ms closeDelay", async () => {
    const { user, trigger } = renderHover({ openDelay: 200 });
    await user.hover(trigger);
    act(() => vi.advanceTimersByTime(199));
    expect(menu()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(menu()).not.toBeNull();

    await user.unhover(trigger);
    act(() => vi.advanceTimersByTime(99));
    expect(menu()).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(menu()).toBeNull();
  });

  it("opens at once by default and stays open while the pointer moves into the menu", async () => {
    const { trigger } = renderHover();
    fireEvent.pointerEnter(trigger, { pointerType: "mouse" });
    expect(menu()).not.toBeNull();
    fireEvent.pointerLeave(trigger, { pointerType: "mouse" });
    fireEvent.pointerEnter(menu()!, { pointerType: "mouse" });
    act(() => vi.advanceTimersByTime(500));
    expect(menu()).not.toBeNull();
    fireEvent.pointerLeave(menu()!, { pointerType: "mouse" });
    act(() => vi.advanceTimersByTime(100));
    expect(menu()).toBeNull();
  });

  it("still opens by click and keyboard, and a click does not shut a hover-opened menu", async () => {
    const { user, trigger } = renderHover();
    fireEvent.pointerDown(trigger, { pointerType: "touch", button: 0 });
    expect(menu()).not.toBeNull();
    await user.keyboard("{Escape}");
    expect(menu()).toBeNull();

    trigger.focus();
    await user.keyboard("{Enter}");
    expect(menu()).not.toBeNull();
    await user.keyboard("{Escape}");

    fireEvent.pointerEnter(trigger, { pointerType: "mouse" });
    fireEvent.pointerDown(trigger, { pointerType: "mouse", button: 0 });
    expect(menu()).not.toBeNull();
  });

  it("ignores touch hovers", () => {
    const { trigger } = renderHover();
    fireEvent.pointerEnter(trigger, { pointerType: "touch" });
    expect(menu()).toBeNull();
  });
});
