import { useCallback, useEffect, useRef, useState } from "react";
import { MAX_STYLES_PER_BATCH } from "@/config/generation";
import type { EditMode } from "@/config/edit-modes";
import { roomTypes, type RoomType } from "@/config/room-types";
import type { ImageDto } from "@/schemas/generation";
import type { ImageChoice, LibraryOption, StyleOption } from "./choice";
import { readDesignPrefs, savedPhotoOf, writeDesignPrefs, type SavedPhoto } from "./design-prefs";
import type { Notice } from "./design-summary";
import { defaultModeSettings, type ModeSettings } from "./mode-settings";
import type { SourceKind } from "./source-tabs";

/**
 * The design page's choices (image, room type, styles, mode settings, whether a mask is marked) and the
 * summary's notice, which any change of choice makes stale. Restored once after hydration (what was ticked
 * before the scripts ran, else what was chosen last time), an image asked for in the address once the
 * person's gallery arrives, and written back on every change.
 */
export function useDesignChoices(options: { library: readonly LibraryOption[]; styles: readonly StyleOption[]; modes: readonly EditMode[]; gallery: readonly ImageDto[] | null }) {
  const [tab, setTab] = useState<SourceKind>("upload");
  const [choice, setChoiceState] = useState<ImageChoice | null>(null);
  const [requestedImageMissing, setRequestedImageMissing] = useState(false);
  const [roomType, setRoomTypeState] = useState<RoomType | null>(null);
  const [styles, setStylesState] = useState<string[]>([]);
  const [settings, setSettingsState] = useState<ModeSettings>(defaultModeSettings);
  // Whether the mask editor has anything marked (the mask itself is asked for on Generate).
  const [maskMarked, setMaskMarkedState] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  const setChoice = useCallback((next: ImageChoice | null) => {
    setChoiceState(next);
    setNotice(null);
  }, []);
  const setRoomType = useCallback((next: RoomType | null) => {
    setRoomTypeState(next);
    setNotice(null);
  }, []);
  const setStyles = useCallback((next: string[]) => {
    setStylesState(next);
    setNotice(null);
  }, []);
  const setSettings = useCallback((next: Partial<ModeSettings>) => {
    setSettingsState((current) => ({ ...current, ...next }));
    setNotice(null);
  }, []);
  const setMaskMarked = useCallback((marked: boolean) => {
    setMaskMarkedState(marked);
    setNotice(null);
  }, []);
  /** Back to nothing chosen. */
  const clearChoices = useCallback(() => {
    setChoice(null);
    setRoomTypeState(null);
    setStylesState([]);
    setSettingsState(defaultModeSettings);
    setMaskMarkedState(false);
  }, [setChoice]);

  // Read once, before this page writes its choices back (which it does from its first change on).
  const rememberedPhoto = useRef<SavedPhoto | null | undefined>(undefined);
  const remembered = () => {
    if (rememberedPhoto.current === undefined) rememberedPhoto.current = readDesignPrefs(new Set(), options.modes)?.photo ?? null;
    return rememberedPhoto.current;
  };

  // ?image=<id> ("use as new input"), or else the image chosen before a reload: one of the person's own images
  // of the last hour, found in the gallery once it arrives (the page's HTML is the same for everyone and holds
  // no query), unless a choice came first. Only an asked-for image that is gone is worth a word.
  const { gallery } = options;
  const requestedRead = useRef(false);
  useEffect(() => {
    if (gallery === null || requestedRead.current) return;
    requestedRead.current = true;
    const asked = new URLSearchParams(window.location.search).get("image");
    const saved = remembered();
    const requested = asked ?? (saved?.type === "image" ? saved.id : null);
    if (!requested) return;
    const image = gallery.find((candidate) => candidate.id === requested);
    // The gallery exists only in the browser: adopting its image here is the page's first render of it.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (!image) return void (asked && setRequestedImageMissing(true));
    setChoiceState((current) => current ?? { type: "image", image });
    setTab("gallery");
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `remembered` reads a ref once
  }, [gallery]);

  // The page can be used before its scripts have run (they load async), so a room or style ticked before then is
  // already in the form when React takes over: adopt it rather than show "nothing chosen" next to a ticked box.
  const form = useRef<HTMLDivElement>(null);
  const prefsLoaded = useRef(false);
  useEffect(() => {
    const root = form.current;
    if (!root) return;
    const ticked = (name: string) => Array.from(root.querySelectorAll<HTMLInputElement>(`input[name="${name}"]:checked`)).map((input) => input.value);
    const known = new Set(options.styles.map((style) => style.id));
    const early = ticked("styles").filter((id) => known.has(id)).slice(0, MAX_STYLES_PER_BATCH);
    const photo = options.library.find((p) => p.id === ticked("library-photo")[0]);
    const room = roomTypes.find((r) => r === ticked("room-type")[0]) ?? photo?.roomType;
    // What the person chose last time (mode, room type, styles, a library photo), unless they already chose
    // again; an image asked for in the address (?image=) comes before a remembered photo.
    const saved = readDesignPrefs(known, options.modes);
    const asked = new URLSearchParams(window.location.search).has("image");
    const savedPhoto = remembered();
    const restored = savedPhoto?.type === "library" && !asked ? options.library.find((p) => p.id === savedPhoto.id) : undefined;
    if (saved) {
      // The browser's storage exists only after hydration; reading it during render would not match the server's HTML.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setSettingsState((current) => ({ ...current, ...saved.settings }));
      if (saved.roomType && !room) setRoomTypeState(saved.roomType);
      if (saved.styles.length && !early.length) setStylesState(saved.styles);
    }
    if (early.length) setStylesState(early);
    if (photo) setChoiceState({ type: "library", photo });
    else if (restored) setChoiceState((current) => current ?? { type: "library", photo: restored });
    if (room) setRoomTypeState(room);
    prefsLoaded.current = true;
    // Only the state the server rendered can have been changed before hydration: run once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (prefsLoaded.current) writeDesignPrefs({ settings, roomType, styles, photo: savedPhotoOf(choice) });
  }, [settings, roomType, styles, choice]);

  return {
    form,
    tab,
    setTab,
    choice,
    setChoice,
    requestedImageMissing,
    roomType,
    setRoomType,
    styles,
    setStyles,
    settings,
    setSettings,
    maskMarked,
    setMaskMarked,
    clearChoices,
    notice,
    setNotice,
  };
}

export type DesignChoicesState = ReturnType<typeof useDesignChoices>;
