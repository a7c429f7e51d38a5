import type { ComponentPropsWithoutRef } from "react";

/** Comment links are the reader's, not ours: no ranking credit, no window.opener, no referrer. */
const COMMENT_REL = "nofollow ugc noopener noreferrer";

const LINK_CLASS =
  "font-medium break-words text-primary-700 underline underline-offset-2 hover:text-primary-900 dark:text-primary-300 dark:hover:text-primary-100";

/** A link of rendered Markdown: plain text without an address; another site's opens in a new tab and says so. */
export function SafeLink({
  href,
  comment,
  siteOrigin,
  hint,
  children,
  ...rest
}: Omit<ComponentPropsWithoutRef<"a">, "rel" | "target" | "className"> & {
  comment: boolean;
  siteOrigin: string | null;
  hint: string;
}) {
  // The URL filter leaves "" in place of an unsafe address; a link to nowhere would only confuse.
  if (!href) return <span>{children}</span>;
  if (!isExternal(href, siteOrigin)) {
    return (
      <a {...rest} href={href} rel={comment ? COMMENT_REL : undefined} className={LINK_CLASS}>
        {children}
      </a>
    );
  }
  return (
    <a {...rest} href={href} target="_blank" rel={comment ? COMMENT_REL : "noopener noreferrer"} className={LINK_CLASS}>
      {children}
      <span aria-hidden="true" className="ml-0.5 inline-block text-[0.8em] no-underline">
        ↗
      </span>
      <span className="sr-only"> {hint}</span>
    </a>
  );
}

function isExternal(href: string, siteOrigin: string | null): boolean {
  if (!/^(?:https?:)?\/\//i.test(href)) return false; // relative paths, #anchors, mailto:
  if (!siteOrigin) return true;
  try {
    return new URL(href, siteOrigin).origin !== siteOrigin;
  } catch {
    return true;
  }
}

export function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
