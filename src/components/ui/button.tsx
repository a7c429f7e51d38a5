import { LoaderCircle } from "lucide-react";
import * as Slot from "@radix-ui/react-slot";
import type { ComponentPropsWithRef, MouseEvent, ReactNode } from "react";

export type ButtonSize = "2xs" | "xs" | "sm" | "md" | "lg" | "xl";
export type ButtonVariant = "solid" | "outline" | "soft" | "ghost" | "link";
export type ButtonColor = "primary" | "gray" | "red";

export interface ButtonProps extends Omit<ComponentPropsWithRef<"button">, "color"> {
  size?: ButtonSize;
  variant?: ButtonVariant;
  color?: ButtonColor;
  loading?: boolean;
  /** An icon element, e.g. `<Plus />`; elements rather than components, so server components can pass them. */
  leadingIcon?: ReactNode;
  trailingIcon?: ReactNode;
  /** Renders the single child (e.g. a Next `Link`) with the button's look instead of a <button>. */
  asChild?: boolean;
}

// Every size keeps the 24×24 px minimum target (WCAG 2.5.8), in width as well as height.
const sizes: Record<ButtonSize, { box: string; padding: string; icon: string }> = {
  "2xs": { box: "min-h-6 min-w-6 gap-1 text-xs", padding: "px-2", icon: "size-3.5" },
  xs: { box: "min-h-7 min-w-7 gap-1.5 text-xs", padding: "px-2.5", icon: "size-4" },
  sm: { box: "min-h-8 min-w-8 gap-1.5 text-sm", padding: "px-3", icon: "size-4" },
  md: { box: "min-h-9 min-w-9 gap-2 text-sm", padding: "px-3.5", icon: "size-5" },
  lg: { box: "min-h-10 min-w-10 gap-2 text-base", padding: "px-4", icon: "size-5" },
  xl: { box: "min-h-11 min-w-11 gap-2.5 text-base", padding: "px-5", icon: "size-6" },
};

const focusRings: Record<ButtonColor, string> = {
  primary: "focus-visible:outline-primary-600 dark:focus-visible:outline-primary-400",
  gray: "focus-visible:outline-gray-900 dark:focus-visible:outline-white",
  red: "focus-visible:outline-red-600 dark:focus-visible:outline-red-400",
};

const looks: Record<ButtonVariant, Record<ButtonColor, string>> = {
  solid: {
    primary: "bg-primary-600 text-white hover:bg-primary-700 active:bg-primary-800",
    gray: "bg-gray-900 text-white hover:bg-gray-700 dark:bg-white dark:text-gray-900 dark:hover:bg-gray-200",
    red: "bg-red-600 text-white hover:bg-red-700 active:bg-red-800",
  },
  outline: {
    primary:
      "ring-1 ring-inset ring-primary-600/60 text-primary-700 hover:bg-primary-50 dark:ring-primary-400/60 dark:text-primary-300 dark:hover:bg-primary-950",
    gray: "bg-white ring-1 ring-inset ring-gray-300 text-gray-800 hover:bg-gray-50 dark:bg-gray-900 dark:ring-gray-700 dark:text-gray-100 dark:hover:bg-gray-800",
    red: "ring-1 ring-inset ring-red-600/60 text-red-700 hover:bg-red-50 dark:ring-red-400/60 dark:text-red-300 dark:hover:bg-red-950",
  },
  soft: {
    primary: "bg-primary-50 text-primary-700 hover:bg-primary-100 dark:bg-primary-950 dark:text-primary-300 dark:hover:bg-primary-900",
    gray: "bg-gray-100 text-gray-800 hover:bg-gray-200 dark:bg-gray-800 dark:text-gray-100 dark:hover:bg-gray-700",
    red: "bg-red-50 text-red-700 hover:bg-red-100 dark:bg-red-950 dark:text-red-300 dark:hover:bg-red-900",
  },
  ghost: {
    primary: "text-primary-700 hover:bg-primary-50 dark:text-primary-300 dark:hover:bg-primary-950",
    gray: "text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800",
    red: "text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950",
  },
  link: {
    primary: "text-primary-700 underline-offset-4 hover:underline dark:text-primary-300",
    gray: "text-gray-700 underline-offset-4 hover:text-gray-900 hover:underline dark:text-gray-200 dark:hover:text-white",
    red: "text-red-700 underline-offset-4 hover:underline dark:text-red-300",
  },
};

export function buttonClasses({
  size = "sm",
  variant = "solid",
  color = "primary",
  square = false,
}: { size?: ButtonSize; variant?: ButtonVariant; color?: ButtonColor; square?: boolean } = {}): string {
  const { box, padding } = sizes[size];
  return [
    "inline-flex shrink-0 items-center justify-center rounded-md font-medium transition-colors",
    "focus-visible:outline-2 focus-visible:outline-offset-2",
    "disabled:pointer-events-none disabled:opacity-60 aria-disabled:pointer-events-none aria-disabled:opacity-60",
    box,
    // Without padding the min-width equals the min-height, which makes an icon-only button square.
    variant === "link" || square ? "" : padding,
    looks[variant][color],
    focusRings[color],
  ].join(" ");
}

export function Button({
  size = "sm",
  variant = "solid",
  color = "primary",
  loading = false,
  disabled = false,
  leadingIcon,
  trailingIcon,
  asChild = false,
  className = "",
  children,
  ...props
}: ButtonProps) {
  const leading = loading ? <LoaderCircle className="motion-safe:animate-spin" /> : leadingIcon;
  const square = !asChild && (children === undefined || children === null) && Boolean(leading || trailingIcon);
  const inactive = disabled || loading;
  const iconSlot = `inline-flex shrink-0 *:size-full ${sizes[size].icon}`;

  const Comp = asChild ? Slot.Root : "button";
  // A link cannot be disabled natively, so it is taken out of the tab order and marked instead. A button at work
  // keeps its focus (a disabled one would drop it to the page, as when a dialog that started the work closes and
  // hands focus back to it): it is marked busy and unavailable, and ignores presses, Enter in its form included.
  const state = asChild
    ? { "aria-disabled": inactive || undefined, tabIndex: inactive ? -1 : undefined }
    : { type: "button" as const, disabled: disabled || undefined, "aria-disabled": (loading && !disabled) || undefined };
  const { onClick, ...rest } = props;

  return (
    <Comp
      {...state}
      {...rest}
      onClick={loading ? (event: MouseEvent<HTMLButtonElement>) => event.preventDefault() : onClick}
      aria-busy={loading || undefined}
      className={`${buttonClasses({ size, variant, color, square })} ${className}`}
    >
      {leading && (
        <span aria-hidden className={iconSlot}>
          {leading}
        </span>
      )}
      <Slot.Slottable>{children}</Slot.Slottable>
      {trailingIcon && (
        <span aria-hidden className={iconSlot}>
          {trailingIcon}
        </span>
      )}
    </Comp>
  );
}
