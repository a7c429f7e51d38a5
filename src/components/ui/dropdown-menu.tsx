"use client";

import { Link } from "@/components/link";
import * as Menu from "@radix-ui/react-dropdown-menu";
import {
  Fragment,
  useEffect,
  useRef,
  useState,
  type ComponentPropsWithRef,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from "react";
import { Avatar, type AvatarProps } from "./avatar";

/** Typed letters within 350 ms form one search; Radix's own window is 1000 ms, so the menu runs its own search. */
export const TYPEAHEAD_RESET_MS = 350;

export interface DropdownMenuItemData {
  label: string;
  /** An icon element such as `<User />`. */
  icon?: ReactNode;
  avatar?: AvatarProps;
  href?: string;
  onSelect?: (event: Event) => void;
  disabled?: boolean;
  shortcut?: string;
  /** "label" renders a non-interactive heading, e.g. the signed-in e-mail. */
  type?: "item" | "label";
}

export interface DropdownMenuProps {
  /** The element that opens the menu, e.g. a `<Button>`. */
  trigger: ReactElement;
  /** Items as data, optionally grouped into sections that separators divide. */
  items?: DropdownMenuItemData[] | DropdownMenuItemData[][];
  /** Free-form content built from DropdownMenuItem, DropdownMenuLabel and DropdownMenuSeparator. */
  children?: ReactNode;
  mode?: "click" | "hover";
  openDelay?: number;
  closeDelay?: number;
  align?: "start" | "center" | "end";
  side?: "top" | "right" | "bottom" | "left";
  className?: string;
}

const itemClasses =
  "flex min-h-8 cursor-default select-none items-center gap-2 rounded-md px-2 py-1.5 text-sm text-gray-700 outline-none " +
  "data-highlighted:bg-gray-100 data-highlighted:text-gray-900 focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-primary-600 " +
  "data-disabled:cursor-not-allowed data-disabled:opacity-50 " +
  "dark:text-gray-200 dark:data-highlighted:bg-gray-800 dark:data-highlighted:text-white dark:focus-visible:ring-primary-400";

export interface DropdownMenuItemProps extends ComponentPropsWithRef<typeof Menu.Item> {
  /** What type-ahead matches against when the visible text holds more than the name (e.g. a shortcut). */
  textValue?: string;
}

export function DropdownMenuItem({ className = "", textValue, ...props }: DropdownMenuItemProps) {
  return <Menu.Item {...props} textValue={textValue} data-text-value={textValue} className={`${itemClasses} ${className}`} />;
}

export function DropdownMenuLabel({ className = "", ...props }: ComponentPropsWithRef<typeof Menu.Label>) {
  return (
    <Menu.Label
      {...props}
      className={`flex min-w-0 items-center gap-2 px-2 py-1.5 text-sm font-medium text-gray-900 dark:text-white ${className}`}
    />
  );
}

export function DropdownMenuSeparator({ className = "", ...props }: ComponentPropsWithRef<typeof Menu.Separator>) {
  return <Menu.Separator {...props} className={`-mx-1 my-1 h-px bg-gray-200 dark:bg-gray-800 ${className}`} />;
}

function ItemContent({ item }: { item: DropdownMenuItemData }) {
  return (
    <>
      {item.avatar ? (
        <Avatar size="2xs" {...item.avatar} />
      ) : (
        item.icon && (
          <span aria-hidden className="inline-flex size-4 shrink-0 *:size-full">
            {item.icon}
          </span>
        )
      )}
      <span className="min-w-0 truncate">{item.label}</span>
      {item.shortcut && (
        <kbd className="ms-auto ps-4 font-sans text-xs text-gray-600 dark:text-gray-400">{item.shortcut}</kbd>
      )}
    </>
  );
}

function DataItem({ item }: { item: DropdownMenuItemData }) {
  if (item.type === "label") {
    return (
      <DropdownMenuLabel>
        <ItemContent item={item} />
      </DropdownMenuLabel>
    );
  }
  const common = { disabled: item.disabled, onSelect: item.onSelect, textValue: item.label };
  // A disabled link would still navigate on click, so it is rendered as a plain item.
  if (item.href && !item.disabled) {
    return (
      <DropdownMenuItem {...common} asChild>
        <Link href={item.href}>
          <ItemContent item={item} />
        </Link>
      </DropdownMenuItem>
    );
  }
  return (
    <DropdownMenuItem {...common}>
      <ItemContent item={item} />
    </DropdownMenuItem>
  );
}

function toSections(items: DropdownMenuItemData[] | DropdownMenuItemData[][]): DropdownMenuItemData[][] {
  return items.every((entry) => Array.isArray(entry))
    ? (items as DropdownMenuItemData[][])
    : [items as DropdownMenuItemData[]];
}

function textOf(item: HTMLElement): string {
  return (item.dataset.textValue ?? item.textContent ?? "").trim().toLowerCase();
}

function nextMatch(items: HTMLElement[], search: string, current: Element | null): HTMLElement | undefined {
  // Repeating one letter ("ppp") cycles through the items starting with it, as native menus do.
  const needle = Array.from(search).every((char) => char === search[0]) ? search.slice(0, 1) : search;
  const start = Math.max(items.indexOf(current as HTMLElement), 0);
  const ordered = [...items.slice(start), ...items.slice(0, start)];
  const candidates = needle.length === 1 ? ordered.filter((item) => item !== current) : ordered;
  return candidates.find((item) => textOf(item).startsWith(needle));
}

function useTypeahead() {
  const search = useRef("");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (event: KeyboardEvent<HTMLElement>) => {
    const isCharacter = event.key.length === 1 && !event.ctrlKey && !event.altKey && !event.metaKey;
    // Space selects the focused item unless it continues a search.
    if (!isCharacter || (event.key === " " && search.current === "")) return;
    // Handled in the capture phase and marked as handled, so Radix's slower type-ahead never sees the key.
    event.preventDefault();
    search.current += event.key.toLowerCase();
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      search.current = "";
    }, TYPEAHEAD_RESET_MS);
    const items = Array.from(
      event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]:not([data-disabled])'),
    );
    nextMatch(items, search.current, document.activeElement)?.focus();
  };
}

function useHoverOpen(mode: "click" | "hover", openDelay: number, closeDelay: number) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const schedule = (next: boolean, delay: number) => {
    clearTimeout(timer.current);
    if (delay > 0) timer.current = setTimeout(() => setOpen(next), delay);
    else setOpen(next);
  };
  // Touch and pen "hovers" are taps; Radix's click handling covers those.
  const hoverHandlers =
    mode === "hover"
      ? {
          onPointerEnter: (event: PointerEvent) => {
            if (event.pointerType === "mouse") schedule(true, openDelay);
          },
          onPointerLeave: (event: PointerEvent) => {
            if (event.pointerType === "mouse") schedule(false, closeDelay);
          },
        }
      : {};

  return {
    open,
    onOpenChange: (next: boolean) => schedule(next, 0),
    hoverHandlers,
    // A mouse click on a menu that hovering opened would otherwise toggle it shut under the pointer.
    onTriggerPointerDown: (event: PointerEvent) => {
      if (mode === "hover" && open && event.pointerType === "mouse") event.preventDefault();
    },
  };
}

export function DropdownMenu({
  trigger,
  items,
  children,
  mode = "click",
  openDelay = 0,
  closeDelay = 100,
  align = "start",
  side = "bottom",
  className = "",
}: DropdownMenuProps) {
  const { open, onOpenChange, hoverHandlers, onTriggerPointerDown } = useHoverOpen(mode, openDelay, closeDelay);
  const onKeyDownCapture = useTypeahead();

  return (
    // Not modal: Radix's modal menu hides the rest of the page with aria-hidden while it stays focusable
    // (axe: aria-hidden-focus). Focus still moves into the menu, Escape and outside clicks still close it.
    <Menu.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <Menu.Trigger asChild {...hoverHandlers} onPointerDown={onTriggerPointerDown}>
        {trigger}
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          {...hoverHandlers}
          onKeyDownCapture={onKeyDownCapture}
          align={align}
          side={side}
          sideOffset={6}
          collisionPadding={8}
          className={`z-50 max-h-(--radix-dropdown-menu-content-available-height) min-w-48 overflow-y-auto rounded-lg bg-white p-1 shadow-lg ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-800 ${className}`}
        >
          {items &&
            toSections(items).map((section, index) => (
              <Fragment key={index}>
                {index > 0 && <DropdownMenuSeparator />}
                <Menu.Group>
                  {section.map((item, itemIndex) => (
                    <DataItem key={itemIndex} item={item} />
                  ))}
                </Menu.Group>
              </Fragment>
            ))}
          {children}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
