"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { Link } from "@/components/link";
import { Form } from "@/components/forms/form";
import { Button } from "@/components/ui/button";
import type { ListingSummary } from "@/schemas/listings";
import { apiFetch, serverMessage } from "@/web/client/api-fetch";

/** The agent's listings and the form that starts a new one (it opens at once). */
export function ListingsIndex({ listings, basePath }: { listings: ListingSummary[]; basePath: string }) {
  const t = useTranslations("listings");
  const router = useRouter();
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function create(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setError(t("nameRequired"));
    setBusy(true);
    setError(null);
    const answer = await apiFetch<{ listing: { id: string } }>("POST", "/api/listings", { name });
    setBusy(false);
    if (!answer.ok) return setError(serverMessage(answer) ?? t("error"));
    router.push(`${basePath}?id=${encodeURIComponent(answer.body.listing.id)}`);
  }

  return (
    <div className="space-y-8">
      <Form onSubmit={create} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <label className="flex flex-1 flex-col gap-1 text-sm font-medium">
          {t("name")}
          <input
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            className="rounded-lg border border-gray-300 bg-white px-3 py-2 text-base dark:border-gray-700 dark:bg-gray-900"
          />
        </label>
        <Button type="submit" size="md" loading={busy}>
          {t("create")}
        </Button>
      </Form>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      {listings.length === 0 ? (
        <p className="text-gray-700 dark:text-gray-300">{t("empty")}</p>
      ) : (
        <ul className="divide-y divide-gray-200 rounded-xl border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
          {listings.map((l) => (
            <li key={l.id} className="flex items-center justify-between gap-4 px-4 py-3">
              <Link href={`${basePath}?id=${encodeURIComponent(l.id)}`} className="min-w-0 font-medium wrap-anywhere underline-offset-4 hover:underline">
                {l.name}
              </Link>
              <span className="shrink-0 text-sm text-gray-600 dark:text-gray-400">
                {t("photoCount", { count: l.photos })}
                {l.photos > 0 && l.livePhotos === 0 ? ` · ${t("photosGoneShort")}` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
