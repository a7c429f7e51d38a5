"use client";

import { useFormatter, useTranslations } from "next-intl";
import { STRUCTURE_THRESHOLD } from "@/config/generation";
import { structureSubject } from "@/config/structure-subject";
import { ComparisonSlider } from "@/components/ui/comparison-slider";
import type { CheckAnswer, ManifestVerdict } from "@/server/provenance/check-image";

const FAILURE_KEYS = {
  "assertion.dataHash.mismatch": "failureDataHash",
  "assertion.hashedURI.mismatch": "failureHashedUri",
  "claimSignature.mismatch": "failureSignature",
} as const;

/**
 * What the check found, in plain words: made with us or not, what changed, when, the structure check, the
 * manifest's state and why it does not validate, the watermark; and the original beside the result while
 * they live and their owner published them. Used for a dropped image and for a proof link alike.
 */
export function ProofReport({ answer }: { answer: Pick<CheckAnswer, "made" | "proof" | "manifestFacts"> & { manifest?: ManifestVerdict; watermark?: { found: boolean } } }) {
  const t = useTranslations("verify");
  const tModes = useTranslations("modes");
  const tStyles = useTranslations("styles");
  const format = useFormatter();
  const facts = answer.proof ?? answer.manifestFacts;
  // What was done, without the person's own words or colour (a proof is public): the mode's name for a proof
  // where its name takes them, else its name; an id the catalogue no longer has is shown as it is.
  const modeKey = facts?.mode ? ["proofName", "name"].map((key) => `${facts.mode}.${key}`).find((key) => tModes.has(key as never)) : undefined;
  const mode = modeKey ? tModes(modeKey as never) : facts?.mode;
  const style = facts?.styleId && tStyles.has(`${facts.styleId}.name` as never) ? tStyles(`${facts.styleId}.name` as never) : facts?.styleId;
  const created = answer.proof?.created ?? answer.manifestFacts?.created;
  const score = facts?.structureScore ?? null;
  // The proof knows the mode, not the room: a facade's structure is a building's, a garden's the photo's.
  const subject = structureSubject({ mode: facts?.mode });
  // An engine by its name (an id the catalogue no longer has is not shown raw).
  const engine = facts?.engine && t.has(`engineNames.${facts.engine}` as never) ? t(`engineNames.${facts.engine}` as never) : null;
  const { manifest } = answer;
  const reasons = manifest?.state === "ours" ? manifest.failures.filter((c) => c !== "signingCredential.untrusted") : [];
  const images = answer.proof?.images;
  return (
    <section aria-live="polite" className="mt-6 rounded-lg border border-gray-200 p-5 dark:border-gray-700">
      <h2 className="text-xl font-semibold text-gray-950 dark:text-white">{answer.made ? t("verdictMade") : t("verdictNotMade")}</h2>
      {!answer.made && <p className="mt-2 text-gray-700 dark:text-gray-300">{t("verdictNotMadeNote")}</p>}
      {facts && (
        <ul className="mt-3 list-disc space-y-1 pl-5 text-gray-800 dark:text-gray-200">
          {facts.ai !== null && <li>{t(facts.ai ? "aiYes" : "aiNo", { subject })}</li>}
          {created && <li>{t("madeAt", { date: format.dateTime(new Date(created), { dateStyle: "long", timeStyle: "short" }) })}</li>}
          {mode && <li>{t("mode", { mode })}</li>}
          {style && <li>{t("style", { style })}</li>}
          {engine && <li>{facts.model ? t("engineModel", { engine, model: facts.model }) : t("engine", { engine })}</li>}
          <li>
            {score === null
              ? t("structurePending")
              : score >= STRUCTURE_THRESHOLD
                ? t("structureKept", { percent: Math.round(score * 100), subject })
                : t("structureFlagged", { percent: Math.round(score * 100), subject })}
          </li>
        </ul>
      )}
      {manifest && (
        <p className="mt-3 text-gray-700 dark:text-gray-300">
          {manifest.state === "none" && t("manifestNone")}
          {manifest.state === "unreadable" && t("manifestUnreadable")}
          {manifest.state === "otherTool" && t("manifestOther", { generator: manifest.generator || "?" })}
          {manifest.state === "forged" && t("manifestForged")}
          {manifest.state === "ours" &&
            (manifest.intact
              ? `${t("manifestIntact")} ${t("manifestUntrusted")}`
              : t("manifestBroken", {
                  reasons: reasons.map((code) => (code in FAILURE_KEYS ? t(FAILURE_KEYS[code as keyof typeof FAILURE_KEYS]) : t("failureOther", { code }))).join("; "),
                }))}
        </p>
      )}
      {answer.watermark && <p className="mt-2 text-gray-700 dark:text-gray-300">{answer.watermark.found ? t("watermarkFound") : t("watermarkNone")}</p>}
      {answer.proof && (
        <p className="mt-2 text-gray-700 dark:text-gray-300">
          <a className="font-medium text-primary-700 underline underline-offset-4 dark:text-primary-300" href={`?id=${answer.proof.id}`}>
            {t("proofLink", { id: answer.proof.id })}
          </a>
        </p>
      )}
      {images?.state === "gone" && <p className="mt-2 text-gray-700 dark:text-gray-300">{t("imagesGone")}</p>}
      {images?.state === "live" && !images.published && <p className="mt-2 text-gray-700 dark:text-gray-300">{t("imagesPrivate")}</p>}
      {images?.state === "live" && images.published && answer.proof && (
        <div className="mt-4">
          <p className="mb-2 text-gray-700 dark:text-gray-300">{t("imagesLive", { time: format.dateTime(new Date(images.until), { dateStyle: "medium", timeStyle: "short" }) })}</p>
          <ComparisonSlider
            before={{ src: `/api/proofs/${answer.proof.id}/original`, alt: t("originalAlt", { subject }), width: 1536, height: 1024 }}
            after={{ src: `/api/proofs/${answer.proof.id}/result`, alt: t(answer.proof.ai ? "resultAlt" : "resultAltAlgorithmic", { subject }), width: 1536, height: 1024 }}
            label={t("sliderLabel")}
            beforeLabel={t("before")}
            afterLabel={t("after")}
            valueText={(percent) => t("sliderValue", { percent })}
            eager
          />
        </div>
      )}
    </section>
  );
}
