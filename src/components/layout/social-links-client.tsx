"use client";

import { SocialLinks } from "./social-links";
import { useLayoutLabels } from "@/components/ui/layout-labels-context";

/** SocialLinks for client components (the mobile menu), with the layout's labels. */
export function SocialLinksClient() {
  const labels = useLayoutLabels();
  return <SocialLinks label={labels.nav.social} names={labels.social} />;
}
