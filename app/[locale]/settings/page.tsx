import { redirect } from "next/navigation";
import { pathFor } from "@/config/routes";
import { pageLocale, type LocaleParams } from "@/web/server/page-params";

export default async function SettingsPage({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  redirect(pathFor("/settings/profile", locale));
}
