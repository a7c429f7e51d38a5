"use client";

import { useTranslations } from "next-intl";
import { useState, type DragEvent } from "react";
import type { CheckAnswer } from "@/server/provenance/check-image";
import { apiFetch, serverMessage } from "@/web/client/api-fetch";
import { ProofReport } from "./proof-report";

type State = { kind: "idle" } | { kind: "checking" } | { kind: "answer"; answer: CheckAnswer } | { kind: "error"; message: string };

/** Drop or choose a picture: it is sent to the check (POST /api/images/check) and the answer shown below; nothing is kept. */
export function CheckDrop() {
  const t = useTranslations("verify");
  const [state, setState] = useState<State>({ kind: "idle" });
  const [over, setOver] = useState(false);

  async function check(file: File) {
    setState({ kind: "checking" });
    const answer = await apiFetch<CheckAnswer>("POST", "/api/images/check", file);
    if (answer.ok) setState({ kind: "answer", answer: answer.body });
    else setState({ kind: "error", message: serverMessage(answer) ?? t("network") });
  }

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) void check(file);
  }

  return (
    <div>
      <label
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={`flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed p-8 text-center has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary-600 ${over ? "border-primary-600 bg-primary-50 dark:bg-primary-950" : "border-gray-300 dark:border-gray-600"}`}
      >
        <span className="font-medium text-gray-950 dark:text-white">{t("dropLabel")}</span>
        <span className="text-gray-700 dark:text-gray-300">{t("dropHint")}</span>
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void check(file);
            event.target.value = "";
          }}
        />
      </label>
      <div role="status" className="mt-3 text-gray-700 dark:text-gray-300">
        {state.kind === "checking" && t("checking")}
      </div>
      {state.kind === "error" && (
        <p role="alert" className="mt-3 text-red-700 dark:text-red-400">
          {state.message}
        </p>
      )}
      {state.kind === "answer" && <ProofReport answer={state.answer} />}
    </div>
  );
}
