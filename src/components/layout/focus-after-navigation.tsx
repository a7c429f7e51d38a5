"use client";

import { useEffect, useRef } from "react";
import { usePathname, useSearchParams } from "next/navigation";

/**
 * After a navigation within the app, focus that was on what the old page had (the button that led here) falls
 * to the document's body, and a keyboard or screen-reader user starts again from the top. It goes to the new
 * page's main heading instead, which they would meet first after a full page load. Focus the new page set
 * itself is left where it is.
 */
export function FocusAfterNavigation() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      if (active && active !== document.body) return;
      const heading = document.querySelector<HTMLElement>("#main h1");
      if (!heading) return;
      if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
      heading.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname, search]);
  return null;
}
