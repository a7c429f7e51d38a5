"use client";

import { useState } from "react";
import dynamic from "next/dynamic";
import { Menu } from "lucide-react";
import { useLayoutLabels } from "@/components/ui/layout-labels-context";
import type { MobileMenuProps } from "./mobile-menu-dialog";

// The dialog's code loads on the first tap, not with every page.
const MobileMenuDialog = dynamic(() => import("./mobile-menu-dialog").then((m) => m.MobileMenuDialog), { ssr: false });

/** At 640 px and below: a hamburger opening a full-screen menu with the header's entries plus social links. */
export function MobileMenu(props: MobileMenuProps) {
  const t = useLayoutLabels().nav;
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  return (
    <div className="wide:hidden">
      <button
        type="button"
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
        aria-label={t.openMenu}
        aria-expanded={open}
        className="inline-flex size-11 items-center justify-center rounded-lg text-gray-800 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800"
      >
        <Menu aria-hidden="true" className="size-6" />
      </button>
      {requested ? <MobileMenuDialog {...props} open={open} onOpenChange={setOpen} /> : null}
    </div>
  );
}
