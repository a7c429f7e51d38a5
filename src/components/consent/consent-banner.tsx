"use client";

import { useLayoutEffect, useRef } from "react";
import { Link } from "@/components/link";
import { Form } from "@/components/forms/form";
import { Button } from "@/components/ui/button";
import type { ConsentLabels } from "./consent-labels";
import { saveConsent } from "@/web/actions/consent";
import { setConsentSettingsOpen } from "./settings-store";

/**
 * Asks once per visitor (and again when the consent version changes). Rendered by the server with the
 * page, so it is there in the first paint and moves nothing; its buttons post a form, so a press before
 * the page's scripts have run still counts. Reject looks exactly like accept.
 */
export function ConsentBanner({ labels }: { labels: ConsentLabels["banner"] }) {
  const banner = useRef<HTMLElement>(null);

  // The banner covers the bottom of the window: the page gets as much room below its end, so the footer
  // can scroll out from under it, and keyboard focus is scrolled above it (WCAG 2.4.11).
  useLayoutEffect(() => {
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      const height = `${banner.current?.offsetHeight ?? 0}px`;
      root.style.paddingBottom = height;
      root.style.scrollPaddingBottom = height;
    });
    const element = banner.current!;
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.paddingBottom = "";
      root.style.scrollPaddingBottom = "";
      // The answer removes the banner with the button that had focus; keyboard and screen-reader users
      // continue at the page's content rather than at the top of the document.
      if (element.contains(document.activeElement) || document.activeElement === document.body) {
        const main = document.getElementById("main");
        main?.setAttribute("tabindex", "-1");
        main?.focus({ preventScroll: true });
      }
    };
  }, []);

  return (
    <section
      ref={banner}
      aria-labelledby="consent-banner-title"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-gray-200 bg-white shadow-[0_-4px_16px_rgb(0_0_0/0.08)] dark:border-gray-800 dark:bg-gray-900"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 md:flex-row md:items-center md:gap-6">
        <div className="min-w-0 flex-1 text-sm text-gray-700 dark:text-gray-300">
          <div className="flex items-center justify-between gap-4">
            <h2 id="consent-banner-title" className="font-semibold text-gray-900 dark:text-white">
              {labels.title}
            </h2>
            <Button variant="outline" color="gray" size="xs" onClick={() => setConsentSettingsOpen(true)}>
              {labels.settings}
            </Button>
          </div>
          <p className="mt-1">
            {labels.text}{" "}
            <Link href={labels.privacyHref} className="font-medium text-primary-700 underline underline-offset-2 dark:text-primary-300">
              {labels.privacy}
            </Link>
          </p>
        </div>
        <Form action={saveConsent} className="grid shrink-0 grid-cols-2 gap-2 md:flex">
          <Button type="submit" name="choice" value="reject" size="md">
            {labels.reject}
          </Button>
          <Button type="submit" name="choice" value="accept" size="md">
            {labels.accept}
          </Button>
        </Form>
      </div>
    </section>
  );
}
