import { getTranslations } from "next-intl/server";
import { PageContainer, PageHeader } from "@/components/layout/page-header";

/**
 * A revoked or mistyped client link. The client has no account and did not make the link: the site's
 * "page not found" would leave them guessing, so this says what happened and who can send a new one.
 */
export default async function SharedLinkNotFound() {
  const t = await getTranslations("listings");
  return (
    <PageContainer narrow>
      <PageHeader title={t("sharedNotFoundTitle")} lead={t("sharedNotFound")} />
    </PageContainer>
  );
}
