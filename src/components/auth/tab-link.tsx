import type { ReactNode, Ref } from "react";

/**
 * A switch between panels is a link (?tab=…): before React has hydrated, the browser follows it and the
 * server renders that panel; after, the click switches in place and the address follows.
 */
export function TabLink({ href, onSwitch, className, children, current, ref }: { href: string; onSwitch: () => void; className: string; children: ReactNode; current?: boolean; ref?: Ref<HTMLAnchorElement> }) {
  return (
    <a
      ref={ref}
      href={href}
      aria-current={current ? "page" : undefined}
      className={className}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        onSwitch();
        window.history.replaceState(window.history.state, "", href);
      }}
    >
      {children}
    </a>
  );
}

export const linkLook = "inline-flex min-h-11 items-center text-sm font-semibold text-primary-700 underline-offset-4 hover:underline dark:text-primary-300";
