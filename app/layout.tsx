import type { ReactNode } from "react";

// The real root layout, with <html>, is app/[locale]/layout.tsx: every page has a language.
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
