"use client";

import { useRef, useState, type FormEvent } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { API_CONCURRENCY_MAX, apiConcurrencyByPlan, apiScopes, type ApiScope } from "@/config/api";
import { Form } from "@/components/forms/form";
import { TextField } from "@/components/forms/text-field";
import { Button } from "@/components/ui/button";
import { ConfirmModal } from "@/components/ui/modal";
import { toast } from "@/components/ui/toast";
import type { ApiKeyDto } from "@/server/api-keys/api-key-dto";
import { createApiKeyAction, revokeApiKeyAction } from "@/web/actions/api-keys";

/**
 * API keys: a form for a new one (its secret shown once, here), and the list with "last used" and Revoke. The
 * person's own in the settings; with `teamId`, the team's on the team page.
 */
export function ApiKeysPanel({ keys, teamId = null }: { keys: ApiKeyDto[]; teamId?: string | null }) {
  const t = useTranslations("apiSettings");
  const format = useFormatter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyDto | null>(null);
  // A revoked key loses its button, to which the modal would hand the focus back: the list's heading takes it instead.
  const keysHeading = useRef<HTMLHeadingElement>(null);
  const revokedNow = useRef(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    const result = await createApiKeyAction({
      name: String(form.get("name") ?? ""),
      mode: String(form.get("mode") ?? "live"),
      scopes: form.getAll("scopes").map(String),
      expiresAt: String(form.get("expiresAt") ?? "") || null,
      concurrency: form.get("concurrency") ? Number(form.get("concurrency")) : null,
      teamId,
    });
    setPending(false);
    if (!result.ok) {
      const field = { noScopes: "scopes", expiryPassed: "expiresAt", badConcurrency: "concurrency" }[result.error.reason ?? ""] ?? "name";
      setError({ field, message: result.error.message });
      return;
    }
    setError(null);
    setCreated(result.data.secret);
    event.currentTarget?.reset();
  }

  async function revoke(key: ApiKeyDto) {
    const result = await revokeApiKeyAction({ keyId: key.id, teamId });
    revokedNow.current = result.ok;
    toast.add(result.ok ? { title: t("revoked"), color: "success" } : { title: result.error.message, color: "error" });
  }

  return (
    <section aria-labelledby="api-keys-title" className="rounded-2xl border border-gray-200 p-6 dark:border-gray-800">
      <h2 id="api-keys-title" className="text-lg font-semibold text-gray-950 dark:text-white">
        {teamId ? t("teamKeysTitle") : t("keysTitle")}
      </h2>
      <p className="mt-1 text-gray-700 dark:text-gray-300">{teamId ? t("teamKeysLead") : t("keysLead")}</p>

      {created ? (
        <div role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950">
          <p className="font-medium text-gray-950 dark:text-white">{t("secretOnce")}</p>
          <label className="mt-2 block text-sm text-gray-800 dark:text-gray-200">
            {t("secretLabel")}
            <input readOnly value={created} onFocus={(e) => e.currentTarget.select()} className="mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 font-mono text-sm dark:border-gray-600 dark:bg-gray-900" />
          </label>
          <div className="mt-3 flex gap-2">
            <Button type="button" size="sm" onClick={() => void navigator.clipboard.writeText(created).then(() => toast.add({ title: t("copied"), color: "success" }))}>
              {t("copy")}
            </Button>
            <Button type="button" size="sm" variant="outline" color="gray" onClick={() => setCreated(null)}>
              {t("secretDone")}
            </Button>
          </div>
        </div>
      ) : null}

      <Form onSubmit={onSubmit} className="mt-4 max-w-lg space-y-4" aria-label={t("newKey")}>
        <TextField name="name" label={t("name")} required error={error?.field === "name" ? error.message : undefined} />
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-gray-800 dark:text-gray-200">{t("mode")}</legend>
          <div className="flex gap-4">
            {(["live", "test"] as const).map((mode) => (
              <label key={mode} className="flex min-h-11 items-center gap-2">
                <input type="radio" name="mode" value={mode} defaultChecked={mode === "live"} />
                {t(`modes.${mode}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset aria-describedby={error?.field === "scopes" ? "scopes-error" : undefined}>
          <legend className="mb-1 text-sm font-medium text-gray-800 dark:text-gray-200">{t("scopes")}</legend>
          {apiScopes.map((scope: ApiScope) => (
            <label key={scope} className="flex min-h-11 items-center gap-2">
              <input type="checkbox" name="scopes" value={scope} defaultChecked={scope === "read" || scope === "generate"} />
              <span>
                <code>{scope}</code> – {t(`scopeText.${scope.replace(":", "_") as "read"}`)}
              </span>
            </label>
          ))}
          {error?.field === "scopes" ? (
            <p id="scopes-error" className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
              {error.message}
            </p>
          ) : null}
        </fieldset>
        <TextField name="expiresAt" type="date" label={t("expiresAt")} hint={t("expiresHint")} error={error?.field === "expiresAt" ? error.message : undefined} />
        <TextField
          name="concurrency"
          type="number"
          min={1}
          max={API_CONCURRENCY_MAX}
          label={t("concurrency")}
          hint={t("concurrencyHint", apiConcurrencyByPlan)}
          error={error?.field === "concurrency" ? error.message : undefined}
        />
        <Button type="submit" loading={pending}>
          {t("create")}
        </Button>
      </Form>

      <h3 ref={keysHeading} tabIndex={-1} className="mt-8 font-semibold text-gray-950 dark:text-white">
        {teamId ? t("teamKeys") : t("yourKeys")}
      </h3>
      {keys.length === 0 ? (
        <p className="mt-2 text-gray-700 dark:text-gray-300">{teamId ? t("noTeamKeys") : t("noKeys")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-gray-200 dark:divide-gray-800">
          {keys.map((key) => (
            <li key={key.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
              <div className="min-w-0 text-sm">
                <p className="font-medium text-gray-950 dark:text-white">
                  {key.name} <code className="text-gray-600 dark:text-gray-400">{key.prefix}…</code>
                </p>
                <p className="text-gray-700 dark:text-gray-300">
                  {t(`modes.${key.mode}`)} · {key.scopes.join(", ")} · {t(`states.${key.state}`)}
                  {key.expiresAt ? ` · ${t("expires", { date: format.dateTime(new Date(key.expiresAt), { dateStyle: "medium" }) })}` : ""}
                  {key.concurrency !== null ? ` · ${t("atOnce", { count: key.concurrency })}` : ""}
                </p>
                <p className="text-gray-600 dark:text-gray-400">
                  {key.lastUsedAt
                    ? t("lastUsed", { date: format.dateTime(new Date(key.lastUsedAt), { dateStyle: "medium", timeStyle: "short" }), address: key.lastUsedAddress ?? "?" })
                    : t("neverUsed")}
                </p>
              </div>
              {key.state === "revoked" ? null : (
                <Button type="button" size="sm" variant="outline" color="red" onClick={() => { revokedNow.current = false; setRevoking(key); }} aria-label={t("revokeNamed", { name: key.name })}>
                  {t("revoke")}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmModal
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t("revoke")}
        description={revoking ? t("revokeConfirm", { name: revoking.name }) : undefined}
        confirmLabel={t("revoke")}
        confirmColor="red"
        onConfirm={async () => {
          if (revoking) await revoke(revoking);
        }}
        returnFocus={() => (revokedNow.current ? keysHeading.current : null)}
      />
    </section>
  );
}
