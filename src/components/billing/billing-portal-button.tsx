import { getTranslations } from "next-intl/server";
import { Form } from "@/components/forms/form";
import { SubmitButton } from "@/components/forms/submit-button";
import type { Locale } from "@/config/routes";
import { openBillingPortal } from "@/web/actions/billing";

/** The payment provider's customer portal (Stripe's), for the person's own billing or, with `teamId`, the team's. */
export async function BillingPortalButton({ locale, teamId }: { locale: Locale; teamId?: string }) {
  const t = await getTranslations("billing");
  return (
    <Form action={openBillingPortal}>
      <input type="hidden" name="locale" value={locale} />
      {teamId ? <input type="hidden" name="teamId" value={teamId} /> : null}
      <SubmitButton variant="outline" color="gray">
        {t("portal")}
      </SubmitButton>
    </Form>
  );
}
