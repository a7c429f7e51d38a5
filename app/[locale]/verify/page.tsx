import { getTranslations } from "next-intl/server";
import { PageContainer, PageHeader } from "@/components/layout/page-header";
import { CheckDrop } from "@/components/verify/check-drop";
import { ProofReport } from "@/components/verify/proof-report";
import { getProof } from "@/server/provenance/get-proof";
import { ClientMessages } from "@/web/server/client-messages";
import { pageMetadata } from "@/web/server/metadata";
import { pageLocale, type LocaleParams } from "@/web/server/page-params";

type Props = LocaleParams & { searchParams: Promise<{ id?: string | string[] }> };

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "verify" });
  return pageMetadata({ locale, route: "/verify", title: t("title"), description: t("metaDescription") });
}

/**
 * The public check: drop a picture to learn whether we made it and what it shows (CheckDrop), or open a
 * result's proof link (`?id=<proof id>`, from a listing's QR code or compliance sheet) to read its proof.
 */
export default async function VerifyPage({ params, searchParams }: Props) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "verify" });
  const id = [(await searchParams).id].flat()[0]?.toUpperCase();
  const proof = id ? await getProof({ id }) : null;
  return (
    <PageContainer narrow>
      <PageHeader title={id ? t("proofTitle", { id }) : t("title")} lead={t("lead")} />
      <ClientMessages namespaces={["verify", "modes", "styles"]}>
        {id && (proof ? <ProofReport answer={{ made: true, proof, manifestFacts: null }} /> : <p className="mt-4 text-gray-700 dark:text-gray-300">{t("proofUnknown")}</p>)}
        <div className="mt-8">
          <CheckDrop />
        </div>
      </ClientMessages>
      <p className="mt-8 text-sm text-gray-600 dark:text-gray-400">{t("machines")}</p>
    </PageContainer>
  );
}
