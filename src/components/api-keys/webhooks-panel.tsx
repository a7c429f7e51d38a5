"use client";

import { useState, type FormEvent } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { Form } from "@/components/forms/form";
import { TextField } from "@/components/forms/text-field";
import { Button } from "@/components/ui/button";
import { ConfirmModal } from "@/components/ui/modal";
import { toast } from "@/components/ui/toast";
import type { WebhookDeliveryDto, WebhookEndpointDto } from "@/server/webhooks/webhook-dto";
import { createWebhookEndpointAction, deleteWebhookEndpointAction, sendTestWebhookAction } from "@/web/actions/api-keys";

type Endpoint = WebhookEndpointDto & { secret: string; deliveries: WebhookDeliveryDto[] };

/** Why a delivery got no HTTP answer, as the runner records it (deliver-due-webhooks.ts), said in words. */
const deliveryErrors = new Set(["urlUnreachable", "unreachable", "privateAddress", "badUrl"]);

/** The settings' webhook endpoints: add one, see its signing secret, send a test event, read its delivery log. */
export function WebhooksPanel({ endpoints }: { endpoints: Endpoint[] }) {
  const t = useTranslations("apiSettings");
  const format = useFormatter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    const result = await createWebhookEndpointAction({ url: String(form.get("url") ?? ""), mode: form.get("mode") === "test" ? "test" : "live" });
    setPending(false);
    setError(result.ok ? null : result.error.message);
    if (result.ok) event.currentTarget?.reset();
  }

  async function run(work: Promise<{ ok: boolean; error?: { message: string } }>, done: string) {
    const result = await work;
    toast.add(result.ok ? { title: done, color: "success" } : { title: result.error!.message, color: "error" });
  }

  return (
    <section aria-labelledby="webhooks-title" className="rounded-2xl border border-gray-200 p-6 dark:border-gray-800">
      <h2 id="webhooks-title" className="text-lg font-semibold text-gray-950 dark:text-white">
        {t("webhooksTitle")}
      </h2>
      <p className="mt-1 text-gray-700 dark:text-gray-300">{t("webhooksLead")}</p>
      <Form onSubmit={onSubmit} className="mt-4 max-w-lg space-y-4" aria-label={t("newEndpoint")}>
        <TextField name="url" type="url" label={t("endpointUrl")} placeholder="https://crm.example.pl/aranzer" required error={error ?? undefined} />
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-gray-800 dark:text-gray-200">{t("mode")}</legend>
          <div className="flex gap-4">
            {(["live", "test"] as const).map((mode) => (
              <label key={mode} className="flex min-h-11 items-center gap-2">
                <input type="radio" name="mode" value={mode} defaultChecked={mode === "live"} />
                {t(`endpointModes.${mode}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <Button type="submit" loading={pending}>
          {t("addEndpoint")}
        </Button>
      </Form>

      {endpoints.length === 0 ? (
        <p className="mt-6 text-gray-700 dark:text-gray-300">{t("noEndpoints")}</p>
      ) : (
        <ul className="mt-6 space-y-6">
          {endpoints.map((endpoint) => (
            <li key={endpoint.id} className="rounded-lg border border-gray-200 p-4 dark:border-gray-800">
              <p className="font-medium break-all text-gray-950 dark:text-white">{endpoint.url}</p>
              <p className="text-sm text-gray-700 dark:text-gray-300">{t(`endpointModes.${endpoint.mode}`)}</p>
              {endpoint.keyId ? <p className="text-sm text-gray-700 dark:text-gray-300">{t("endpointForKey")}</p> : null}
              <div className="mt-2 flex flex-wrap gap-2">
                <Button type="button" size="sm" variant="outline" color="gray" onClick={() => setShown(shown === endpoint.id ? null : endpoint.id)} aria-expanded={shown === endpoint.id}>
                  {t("showSecret")}
                </Button>
                <Button type="button" size="sm" variant="outline" onClick={() => void run(sendTestWebhookAction({ endpointId: endpoint.id }), t("testSent"))}>
                  {t("sendTest")}
                </Button>
                <Button type="button" size="sm" variant="outline" color="red" onClick={() => setDeleting(endpoint.id)}>
                  {t("deleteEndpoint")}
                </Button>
              </div>
              {shown === endpoint.id ? (
                <p className="mt-2 text-sm">
                  {t("secretLabel")}: <code className="break-all">{endpoint.secret}</code>
                </p>
              ) : null}
              <h3 className="mt-4 text-sm font-semibold text-gray-950 dark:text-white">{t("deliveries")}</h3>
              {endpoint.deliveries.length === 0 ? (
                <p className="text-sm text-gray-700 dark:text-gray-300">{t("noDeliveries")}</p>
              ) : (
                // Narrow screens scroll the table, never the page.
                <div className="mt-1 overflow-x-auto">
                  <table className="w-full text-left text-sm [&_td]:py-1 [&_td]:pr-3 [&_td]:align-top [&_th]:pr-3">
                    <thead>
                      <tr>
                        <th scope="col">{t("event")}</th>
                        <th scope="col">{t("deliveryState")}</th>
                        <th scope="col">{t("status")}</th>
                        <th scope="col">{t("attempts")}</th>
                        <th scope="col">{t("time")}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {endpoint.deliveries.map((d) => (
                        <tr key={d.id} className="border-t border-gray-100 dark:border-gray-800">
                          <td>
                            <code>{d.type}</code>
                          </td>
                          <td>{t(`deliveryStates.${d.state}`)}</td>
                          <td>{d.lastStatus !== null ? `HTTP ${d.lastStatus}` : d.lastError ? t(`deliveryErrors.${deliveryErrors.has(d.lastError) ? d.lastError : "other"}` as never) : "–"}</td>
                          <td>{d.attempts}</td>
                          <td>{format.dateTime(new Date(d.createdAt), { dateStyle: "short", timeStyle: "medium" })}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmModal
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("deleteEndpoint")}
        description={t("deleteEndpointConfirm")}
        confirmLabel={t("deleteEndpoint")}
        confirmColor="red"
        onConfirm={async () => {
          if (deleting) await run(deleteWebhookEndpointAction({ endpointId: deleting }), t("endpointDeleted"));
        }}
      />
    </section>
  );
}
