"use client";

import { Link } from "@/components/link";
import * as Menu from "@radix-ui/react-dropdown-menu";
import {
  Fragment,
  useEffect,
  useRef,
  useState,
  type ComponentPropsWithRef,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from "react";
import { Avatar, type AvatarProps } from "./avatar";

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
  /**
   * One of a choice of which one holds (the account one works in): the item is a menuitemradio whose
   * aria-checked says whether it is the chosen one, as Radix's own RadioItem renders it.
   */
  checked?: boolean;
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

/**
 * Type-ahead is Radix's: typed letters within 1 s form one search, a repeated letter cycles, disabled items are
 * skipped. It matches `textValue` when given, else the item's text (a data item passes its label, so a
 * shortcut is not matched).
 */
export function DropdownMenuItem({ className = "", ...props }: ComponentPropsWithRef<typeof Menu.Item>) {
  return <Menu.Item {...props} className={`${itemClasses} ${className}`} />;
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
  const common = {
    disabled: item.disabled,
    onSelect: item.onSelect,
    textValue: item.label,
    ...(item.checked === undefined ? {} : { role: "menuitemradio", "aria-checked": item.checked }),
  };
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
