"use client";

import { useCallback, useMemo, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { reloadPersonData } from "@/components/account/person-data-store";
import { serverMessage } from "@/web/client/api-fetch";
import { defaultModeSettings, editModeOf, fieldParams, type ModeSettings } from "@/components/design/mode-settings";
import { isStyledMode, roomFits } from "@/config/edit-modes";
import { LISTING_MAX_STYLES } from "@/config/listings";
import type { ListingDto } from "@/schemas/listings";
import type { PageMessage } from "./message-lines";
import type { ListingActions } from "./use-listing-actions";

/**
 * One Generate for all the listing's photos: the mode, styles and variations chosen, what it costs, and its
 * request, said beside its button (the page's message line is a screen away from it).
 */
export function useListingGenerate({
  liveRooms,
  balance,
  team,
  capLeft,
  actions,
  refresh,
}: {
  /** The room types of the photos within their hour, comma-separated: the same string while only results change. */
  liveRooms: string;
  balance: number | null;
  /** The team whose pool the balance is, while the person works as it. */
  team: string | null;
  /** In a team with a monthly cap: what it still allows (null: no cap). */
  capLeft: number | null;
  actions: ListingActions;
  refresh: () => Promise<ListingDto | null>;
}) {
  const t = useTranslations("listings");
  const [styles, setStyles] = useState<string[]>([]);
  const [variations, setVariations] = useState(1);
  const [settings, setSettings] = useState<ModeSettings>(defaultModeSettings);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<PageMessage>(null);
  // A Generate the server refused for a short balance (the one shown was out of date): said with the way to buy.
  const [refused, setRefused] = useState<{ balance: number; attempted: number; monthlyCap: boolean } | null>(null);
  const retry = useRef<{ signature: string; requestId: string } | null>(null);

  const mode = editModeOf(settings);
  const styled = isStyledMode(mode);
  // The photos the mode is for take part (a twilight the outdoor ones); the others are left as they are, unpaid.
  const rooms = liveRooms ? liveRooms.split(",") : [];
  const livePhotos = rooms.filter((room) => roomFits(mode, room)).length;
  const leftOut = rooms.length - livePhotos;
  const cost = livePhotos * (styled ? styles.length : 1) * variations;
  // Known short: the confirmation says so, with the way to buy tokens; or over the member's monthly cap in a team.
  const short = balance !== null && balance < cost;
  const capped = !short && capLeft !== null && capLeft < cost;

  const { call, setBusy } = actions;
  const generate = useCallback(async () => {
    setConfirming(false);
    setBusy("generate");
    setMessage(null);
    setRefused(null);
    const request = { mode, styles: styled ? styles : [], variations, params: mode === "declutter" ? { scope: settings.scope, keep: settings.keep } : fieldParams(settings, mode) };
    // The same choice again after no answer (or one cut off) is the same click: the server spends for it once.
    const signature = JSON.stringify(request);
    const requestId = retry.current?.signature === signature ? retry.current.requestId : crypto.randomUUID();
    retry.current = { signature, requestId };
    const answer = await call<{ cost: number }>("POST", "/generate", { ...request, requestId });
    setBusy(null);
    void reloadPersonData();
    if (answer.ok || (answer.kind === "error" && answer.status < 500 && answer.code !== "generic")) retry.current = null;
    if (!answer.ok && answer.kind === "error" && answer.code === "INSUFFICIENT_TOKENS") {
      const { balance: known, attempted, reason } = answer.details;
      return setRefused({ balance: Number(known ?? balance ?? 0), attempted: Number(attempted ?? cost), monthlyCap: reason === "monthlyCap" });
    }
    if (!answer.ok) return setMessage({ text: serverMessage(answer) ?? t("error"), error: true });
    setMessage({ text: t("queued", { cost: answer.body.cost }), error: false });
    await refresh();
  }, [mode, styled, styles, variations, settings, call, setBusy, balance, cost, refresh, t]);

  // The same object while none of it changes: the section it feeds is not rendered again by a result's event.
  const busy = actions.busy === "generate";
  return useMemo(
    () => ({
      settings,
      setSettings,
      styles,
      setStyles,
      variations,
      setVariations,
      styled,
      atStyleLimit: styles.length >= LISTING_MAX_STYLES,
      livePhotos,
      leftOut,
      cost,
      short,
      capped,
      capLeft,
      balance,
      team,
      confirming,
      setConfirming,
      message,
      refused,
      busy,
      generate,
    }),
    [settings, styles, variations, styled, livePhotos, leftOut, cost, short, capped, capLeft, balance, team, confirming, message, refused, busy, generate],
  );
}

export type ListingGenerate = ReturnType<typeof useListingGenerate>;
