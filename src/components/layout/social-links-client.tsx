"use client";

import { useTranslations } from "next-intl";
import { SocialLinks } from "./social-links";

/** SocialLinks for client components (the mobile menu), with names from the client messages. */
export function SocialLinksClient({ label }: { label: string }) {
  const t = useTranslations("footer.social");
  return <SocialLinks label={label} names={{ instagram: t("instagram"), facebook: t("facebook"), linkedin: t("linkedin") }} />;
}
