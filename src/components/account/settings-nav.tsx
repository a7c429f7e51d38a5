"use client";

import { Link } from "@/components/link";
import { usePathname } from "next/navigation";

export function SettingsNav({ label, items }: { label: string; items: { href: string; label: string }[] }) {
  const pathname = usePathname();
  return (
    // On a phone the tabs wrap rather than scroll: the current one is never hidden past the screen's edge.
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-1 md:flex-col">
        {items.map((item) => (
          <li key={item.href}>
            <Link
              href={item.href}
              aria-current={pathname === item.href ? "page" : undefined}
              className="flex min-h-11 items-center rounded-lg px-3 text-sm whitespace-nowrap font-medium text-gray-700 hover:bg-gray-100 aria-[current=page]:bg-primary-50 aria-[current=page]:text-primary-800 dark:text-gray-300 dark:hover:bg-gray-800 dark:aria-[current=page]:bg-gray-800 dark:aria-[current=page]:text-white"
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
