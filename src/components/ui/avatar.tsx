import { UserRound } from "lucide-react";
import * as AvatarPrimitive from "@radix-ui/react-avatar";

export type AvatarSize = "3xs" | "2xs" | "xs" | "sm" | "md" | "lg" | "xl" | "2xl" | "3xl";

export interface AvatarProps {
  src?: string | null;
  /** The image's alternative text; an empty string marks the avatar as decorative. */
  alt?: string;
  /** The name the initials come from; defaults to `alt`. */
  text?: string;
  size?: AvatarSize;
  className?: string;
}

const sizes: Record<AvatarSize, string> = {
  "3xs": "size-4 text-[0.5rem]",
  "2xs": "size-5 text-[0.625rem]",
  xs: "size-6 text-xs",
  sm: "size-8 text-sm",
  md: "size-10 text-base",
  lg: "size-12 text-lg",
  xl: "size-14 text-xl",
  "2xl": "size-16 text-2xl",
  "3xl": "size-20 text-3xl",
};

/** First letters of up to two words, upper-cased: "jan kowalski nowak" → "JK", "anna@x.pl" → "A". */
export function initials(text: string): string {
  return text
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? "")
    .join("")
    .toUpperCase();
}

export function Avatar({ src, alt, text, size = "sm", className = "" }: AvatarProps) {
  const letters = initials(text ?? alt ?? "");
  const name = alt ?? text;
  return (
    <AvatarPrimitive.Root
      className={`relative inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full bg-gray-100 align-middle font-medium text-gray-700 dark:bg-gray-800 dark:text-gray-200 ${sizes[size]} ${className}`}
    >
      {src && <AvatarPrimitive.Image src={src} alt={alt ?? ""} className="size-full object-cover" />}
      <AvatarPrimitive.Fallback
        {...(name ? { role: "img", "aria-label": name } : { "aria-hidden": true })}
        className="inline-flex size-full items-center justify-center leading-none"
      >
        {letters || <UserRound aria-hidden className="size-3/5" />}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
