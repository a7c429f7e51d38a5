import { useRef, useState, type RefObject } from "react";
import { useTranslations } from "next-intl";
import type { RoomType } from "@/config/room-types";
import type { BatchDto } from "@/schemas/generation";
import { reloadPersonData } from "@/components/account/person-data-store";
import { createBatch, uploadMask } from "./api";
import { sourceOf, type ImageChoice } from "./choice";
import { paramsOf } from "./design-prefs";
import type { DesignRequest } from "./design-request";
import type { Notice } from "./design-summary";
import type { MaskEditorHandle } from "./mask-editor/mask-editor";
import { useErrorText } from "./use-error-text";

/**
 * Generate: checks the balance and asks for confirmation; on Confirm uploads a painted mask (a library photo
 * becomes the person's own first), starts the batch and says how it went. A request whose outcome is unknown
 * (no answer, a server error) keeps its id, so retrying the same choice cannot spend twice; any other choice,
 * or a clear answer, gets a fresh one.
 */
export function useGenerate(options: {
  request: DesignRequest;
  choice: ImageChoice | null;
  roomType: RoomType | null;
  maskMarked: boolean;
  maskEditor: RefObject<MaskEditorHandle | null>;
  balance: number | null;
  /** In a team with a monthly cap: what it still allows (null: no cap). */
  capLeft: number | null;
  setBalance: (balance: number) => void;
  setNotice: (notice: Notice | null) => void;
  /** The chosen image's hour has passed: it cannot be used any more. */
  dropChoice: () => void;
  onStarted: (batch: BatchDto) => void;
  resultsId: string;
}) {
  const t = useTranslations("design");
  const errorText = useErrorText();
  const [confirmOpen, setConfirmOpen] = useState(false);
  // The dialog is mounted from its first opening on (and stays, so closing it can return the focus).
  const [confirmUsed, setConfirmUsed] = useState(false);
  const retry = useRef<{ signature: string; requestId: string } | null>(null);
  const { request, choice, roomType, balance, setNotice } = options;

  function start() {
    // The balance is known a moment after the page; the server checks it again in any case.
    if (!request.ready || balance === null) return;
    if (balance < request.cost) return setNotice({ type: "insufficient", balance, attempted: request.cost });
    const { capLeft } = options;
    if (capLeft !== null && capLeft < request.cost) return setNotice({ type: "insufficient", balance: capLeft, attempted: request.cost, monthlyCap: true });
    setNotice(null);
    setConfirmUsed(true);
    setConfirmOpen(true);
  }

  async function confirm() {
    const { brushable, masked, editMode, chosenStyles, variations, sent, cost } = request;
    if (!choice || !roomType || cost === 0) return;
    let source = sourceOf(choice);
    let maskImageId: string | undefined;
    // The mask as painted now: a stroke finished a moment before Generate has not been handed over yet.
    const painted = brushable && (masked || options.maskMarked) ? ((await options.maskEditor.current?.currentMask()) ?? null) : null;
    // Erased to nothing in that moment: the page now says what is missing, and nothing is sent.
    if (masked && !painted) return;
    if (brushable && painted) {
      // The mask belongs to a photo of the person's own: a library photo becomes one first.
      const uploaded = await uploadMask(painted, source);
      if (!uploaded.ok) return setNotice({ type: "error", message: `${t("maskUploadFailed")} ${uploaded.kind === "network" ? t("generateNetwork") : errorText(uploaded)}` });
      maskImageId = uploaded.image.id;
      source = { type: "image", imageId: uploaded.source.id };
    }
    const body = { source, roomType, mode: editMode, styles: chosenStyles, variations, params: paramsOf(sent, editMode), maskImageId };
    // The mask is new each time it is sent, so the retry key leaves it out: the same choice is the same click.
    const signature = JSON.stringify({ ...body, maskImageId: undefined, source: sourceOf(choice) });
    const requestId = retry.current?.signature === signature ? retry.current.requestId : crypto.randomUUID();
    retry.current = { signature, requestId };
    const outcome = await createBatch({ ...body, requestId });

    if (outcome.ok) {
      retry.current = null;
      options.setBalance(outcome.balance);
      options.onStarted(outcome.batch);
      setNotice({ type: "started", resultsId: options.resultsId });
      // The header's token count follows the person's data.
      void reloadPersonData();
      return;
    }
    if (outcome.kind === "network") return setNotice({ type: "error", message: t("generateNetwork") });
    if (outcome.status < 500) retry.current = null;
    if (outcome.code === "INSUFFICIENT_TOKENS") {
      const known = Number(outcome.details.balance);
      const current = Number.isFinite(known) ? known : (balance ?? 0);
      const attempted = Number(outcome.details.attempted);
      options.setBalance(current);
      return setNotice({ type: "insufficient", balance: current, attempted: Number.isFinite(attempted) ? attempted : cost, monthlyCap: outcome.details.reason === "monthlyCap" });
    }
    if (outcome.code === "GONE" && choice.type === "image") options.dropChoice();
    setNotice({ type: "error", message: `${t("generateFailed")} ${errorText(outcome)}` });
  }

  return { start, confirm, confirmOpen, setConfirmOpen, confirmUsed };
}
