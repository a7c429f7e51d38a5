"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { Images, Library, Upload } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Link } from "@/components/link";
import { MAX_STYLES_PER_BATCH } from "@/config/generation";
import { roomTypes, type RoomType } from "@/config/room-types";
import type { BatchDto, ImageDto } from "@/schemas/generation";
// Not from @/schemas/generation: that module carries zod, which the studio does not need in the browser.
import { isMaskedMode, isStyledMode, modeOf, modeStyles, roomFits, tokenCost, type EditMode } from "@/config/edit-modes";
import type { UnsupportedReason } from "@/config/modes";
import { createBatch, uploadMask } from "./api";
import { maskPhoto, paramsOf, readDesignPrefs, savedPhotoOf, writeDesignPrefs, type SavedPhoto } from "./design-prefs";
import { MaskEditor, type MaskEditorHandle } from "./mask-editor/mask-editor";
import { CommonOptions, ModeDetails, ModePicker } from "./mode-options";
import { defaultModeSettings, editModeOf, fieldValue, pageFieldsOf, textsTooLong, type ModeSettings } from "./mode-settings";
import { sourceOf, type ImageChoice, type LibraryOption, type StyleOption } from "./choice";
import { DesignSummary, type Missing, type Notice } from "./design-summary";
import { LibraryPicker } from "./library-picker";
import { RoomTypePicker } from "./room-type-picker";
import { SelectedImage } from "./selected-image";
import { SourceTabs, type SourceKind } from "./source-tabs";
import { StylePicker } from "./style-picker";
import { UploadPanel } from "./upload-panel";
import { useErrorText } from "./use-error-text";
import { useImageUpload } from "./use-image-upload";
import { reloadPersonData, usePersonData } from "@/components/account/person-data-store";

/** The page's own props are the same for everyone (a signed-in shell); the person's part comes from usePersonData(). */
export interface DesignStudioProps {
  library: LibraryOption[];
  styles: StyleOption[];
  /** False when the configured engine makes local previews without AI. */
  ai: boolean;
  /** What the configured engine can do (src/config/engines.ts). */
  modes: readonly EditMode[];
  /** Its modes whose result is the same whatever the seed: made in one variation only. */
  sameEveryTime: readonly EditMode[];
  /** Whether it reads the person's instruction and creativity (else they are neither asked for nor sent). */
  followsWords: boolean;
  pricingHref: string;
  designHref: string;
  /** Recent visualizations: the hour's other batches, which the page does not show again. */
  generationsHref: string;
  enginesDocs: string;
  /** Why each mode the engine cannot do is missing (src/config/modes/). */
  unsupported?: Partial<Record<EditMode, UnsupportedReason>>;
}

const RESULTS_ID = "design-results";

// Parts needed only after a click (Generate, the gallery) or once results arrive. Their code (the dialog
// library, the live results) is fetched then, so it does not stand between the page and its first tick.
const loadConfirmModal = () => import("@/components/ui/modal").then((m) => m.ConfirmModal);
const loadLiveResults = () => import("@/components/generations/live-results").then((m) => m.LiveResults);
const ConfirmModal = dynamic(loadConfirmModal, { ssr: false });
const LiveResults = dynamic(loadLiveResults, { ssr: false });
const GalleryModal = dynamic(() => import("./gallery-modal").then((m) => m.GalleryModal), { ssr: false });

/** The design page: choose an image, a room type and styles; Generate; watch the results arrive. */
export function DesignStudio(props: DesignStudioProps) {
  const t = useTranslations("design");
  const tAccount = useTranslations("account");
  const errorText = useErrorText();
  const person = usePersonData();

  const [tab, setTab] = useState<SourceKind>("upload");
  const [choice, setChoiceState] = useState<ImageChoice | null>(null);
  const [requestedImageMissing, setRequestedImageMissing] = useState(false);
  const [roomType, setRoomTypeState] = useState<RoomType | null>(null);
  const [styles, setStylesState] = useState<string[]>([]);
  const [settings, setSettingsState] = useState<ModeSettings>(defaultModeSettings);
  // Whether the mask editor has anything marked (the mask itself is asked for on Generate).
  const [maskMarked, setMaskMarkedState] = useState(false);
  const maskEditor = useRef<MaskEditorHandle>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [galleryOpen, setGalleryOpen] = useState(false);
  // A dialog is mounted from its first opening on (and stays, so closing it can return the focus).
  const [confirmUsed, setConfirmUsed] = useState(false);
  const [galleryUsed, setGalleryUsed] = useState(false);
  const [batches, setBatches] = useState<BatchDto[]>([]);
  // When the page is opened again (a reload, a visit elsewhere): the newest batch and any still being made, live.
  const shownAgain = person?.batches ?? null;
  const adoptedShownAgain = useRef(false);
  useEffect(() => {
    if (adoptedShownAgain.current || shownAgain === null) return;
    adoptedShownAgain.current = true;
    if (shownAgain.length === 0) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the person's data exists only in the browser
    setBatches((list) => [...list, ...shownAgain.filter((b) => !list.some((shown) => shown.id === b.id))]);
  }, [shownAgain]);
  const sourceHeading = useRef<HTMLHeadingElement>(null);
  // A request whose outcome is unknown (no answer, a server error) keeps its id, so retrying the same
  // choice cannot spend twice; any other choice, or a clear answer, gets a fresh one.
  const retry = useRef<{ signature: string; requestId: string } | null>(null);

  // The balance follows GET /api/me (on arrival and after each reload), and the POST's answer in between;
  // null until the first answer.
  const personBalance = person?.balance ?? null;
  const [balance, setBalance] = useState<number | null>(null);
  const [seenBalance, setSeenBalance] = useState<number | null>(null);
  if (personBalance !== seenBalance) {
    setSeenBalance(personBalance);
    if (personBalance !== null) setBalance(personBalance);
  }

  // ?image=<id> ("use as new input"), or else the image chosen before a reload: one of the person's own images
  // of the last hour, found in the gallery once it arrives (the page's HTML is the same for everyone and holds
  // no query), unless a choice came first. Only an asked-for image that is gone is worth a word.
  const gallery = person?.gallery ?? null;
  const requestedRead = useRef(false);
  // Read once, before this page writes its choices back (which it does from its first change on).
  const rememberedPhoto = useRef<SavedPhoto | null | undefined>(undefined);
  const remembered = () => {
    if (rememberedPhoto.current === undefined) rememberedPhoto.current = readDesignPrefs(new Set(), props.modes)?.photo ?? null;
    return rememberedPhoto.current;
  };
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

  // Any change of choice makes the last Generate's message stale.
  const setChoice = useCallback((next: ImageChoice | null) => {
    setChoiceState(next);
    setNotice(null);
  }, []);
  const setRoomType = (next: RoomType | null) => {
    setRoomTypeState(next);
    setNotice(null);
  };
  const setStyles = (next: string[]) => {
    setStylesState(next);
    setNotice(null);
  };
  const setSettings = (next: Partial<ModeSettings>) => {
    setSettingsState((current) => ({ ...current, ...next }));
    setNotice(null);
  };
  const setMaskMarked = useCallback((marked: boolean) => {
    setMaskMarkedState(marked);
    setNotice(null);
  }, []);

  // The page can be used before its scripts have run (they load async), so a room or style ticked before then is
  // already in the form when React takes over: adopt it rather than show "nothing chosen" next to a ticked box.
  const form = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = form.current;
    if (!root) return;
    const ticked = (name: string) => Array.from(root.querySelectorAll<HTMLInputElement>(`input[name="${name}"]:checked`)).map((input) => input.value);
    const known = new Set(props.styles.map((style) => style.id));
    const early = ticked("styles").filter((id) => known.has(id)).slice(0, MAX_STYLES_PER_BATCH);
    const photo = props.library.find((p) => p.id === ticked("library-photo")[0]);
    const room = roomTypes.find((r) => r === ticked("room-type")[0]) ?? photo?.roomType;
    // What the person chose last time (mode, room type, styles, a library photo), unless they already chose
    // again; an image asked for in the address (?image=) comes before a remembered photo.
    const saved = readDesignPrefs(known, props.modes);
    const asked = new URLSearchParams(window.location.search).has("image");
    const savedPhoto = remembered();
    const restored = savedPhoto?.type === "library" && !asked ? props.library.find((p) => p.id === savedPhoto.id) : undefined;
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

  const onUploaded = useCallback((image: ImageDto) => setChoice({ type: "image", image }), [setChoice]);
  const upload = useImageUpload(onUploaded, t("uploadNetwork"));
  const startUpload = upload.start;

  // Paste (Ctrl+V) anywhere on the page, and a file dropped anywhere rather than only on the drop zone
  // (the browser would otherwise open the file and leave the page with the user's choices).
  useEffect(() => {
    const fileOf = (files: FileList | undefined | null) => Array.from(files ?? []).find((f) => f.type.startsWith("image/") || /\.(heic|heif)$/i.test(f.name));
    const onPaste = (event: ClipboardEvent) => {
      const file = fileOf(event.clipboardData?.files);
      if (!file) return;
      event.preventDefault();
      setTab("upload");
      void startUpload(file);
    };
    const onDragOver = (event: DragEvent) => {
      if (event.dataTransfer?.types.includes("Files")) event.preventDefault();
    };
    const onDrop = (event: DragEvent) => {
      if (!event.dataTransfer?.types.includes("Files")) return;
      event.preventDefault();
      const file = event.dataTransfer.files[0];
      if (!file) return;
      setTab("upload");
      void startUpload(file);
    };
    window.addEventListener("paste", onPaste);
    window.addEventListener("dragover", onDragOver);
    window.addEventListener("drop", onDrop);
    return () => {
      window.removeEventListener("paste", onPaste);
      window.removeEventListener("dragover", onDragOver);
      window.removeEventListener("drop", onDrop);
    };
  }, [startUpload]);

  const prefsLoaded = useRef(false);
  useEffect(() => {
    if (prefsLoaded.current) writeDesignPrefs({ settings, roomType, styles, photo: savedPhotoOf(choice) });
  }, [settings, roomType, styles, choice]);

  const editMode = editModeOf(settings);
  // An exact colour is our own recolour: no engine reads words or creativity for it.
  const ownRecolour = editMode === "paint";
  // An instruction kept from an AI engine's day (or from another mode) is not sent where nothing reads it, nor holds Generate.
  const sent = props.followsWords && !ownRecolour ? settings : { ...settings, instruction: "" };
  const styled = isStyledMode(editMode);
  const masked = isMaskedMode(editMode);
  // A mask the mode takes as a correction of what it finds itself (the sky): sent only when something is painted.
  const brushable = masked || modeOf(editMode).mask === "optional";
  const oneVariation = props.sameEveryTime.includes(editMode);
  const variations = oneVariation ? 1 : settings.variations;
  // A mode with styles of its own (a facade's) offers and sends only those.
  const ownStyles = modeStyles(editMode);
  const chosenStyles = styled ? styles.filter((id) => !ownStyles || Object.hasOwn(ownStyles, id)) : [];
  const cost = tokenCost({ mode: editMode, styles: chosenStyles, variations });
  const missing: Missing[] = [
    ...(choice ? [] : ["image" as const]),
    ...(roomType ? [] : ["room" as const]),
    ...(roomType && !roomFits(editMode, roomType) ? ["roomForMode" as const] : []),
    ...(styled && chosenStyles.length === 0 ? ["styles" as const] : []),
    ...(masked && !maskMarked ? ["mask" as const] : []),
    ...(editMode === "replace" && !settings.replaceText.trim() ? ["replaceText" as const] : []),
    ...(editMode === "paint" && !/^#?[0-9a-fA-F]{6}$/.test(settings.color.trim()) ? ["color" as const] : []),
    // A photo the mode follows (a reference) not uploaded yet.
    ...(pageFieldsOf(editMode).some((field) => field.kind === "photo" && !fieldValue(sent, editMode, field)) ? ["photo" as const] : []),
    ...textsTooLong(sent).map((field) => `${field}TooLong` as const),
  ];
  const ready = missing.length === 0;

  // Generate is the next click once everything is chosen: fetch its dialog and the results' code now.
  useEffect(() => {
    if (!ready) return;
    void loadConfirmModal();
    void loadLiveResults();
  }, [ready]);

  function reset() {
    setChoice(null);
    setRoomTypeState(null);
    setStylesState([]);
    setSettingsState(defaultModeSettings);
    setMaskMarkedState(false);
    upload.clear();
  }

  function onGenerate() {
    // The balance is known a moment after the page; the server checks it again in any case.
    if (!ready || balance === null) return;
    if (balance < cost) {
      setNotice({ type: "insufficient", balance, attempted: cost });
      return;
    }
    setNotice(null);
    setConfirmUsed(true);
    setConfirmOpen(true);
  }

  async function confirm() {
    if (!choice || !roomType || cost === 0) return;
    let source = sourceOf(choice);
    let maskImageId: string | undefined;
    // The mask as painted now: a stroke finished a moment before Generate has not been handed over yet.
    const painted = brushable && (masked || maskMarked) ? ((await maskEditor.current?.currentMask()) ?? null) : null;
    // Erased to nothing in that moment: the page now says what is missing, and nothing is sent.
    if (masked && !painted) return;
    if (brushable && painted) {
      // The mask belongs to a photo of the person's own: a library photo becomes one first.
      const sent = await uploadMask(painted, source);
      if (!sent.ok) {
        setNotice({ type: "error", message: `${t("maskUploadFailed")} ${sent.kind === "network" ? t("generateNetwork") : errorText(sent)}` });
        return;
      }
      maskImageId = sent.image.id;
      source = { type: "image", imageId: sent.source.id };
    }
    const body = { source, roomType, mode: editMode, styles: chosenStyles, variations, params: paramsOf(sent, editMode), maskImageId };
    // The mask is new each time it is sent, so the retry key leaves it out: the same choice is the same click.
    const signature = JSON.stringify({ ...body, maskImageId: undefined, source: sourceOf(choice) });
    const requestId = retry.current?.signature === signature ? retry.current.requestId : crypto.randomUUID();
    retry.current = { signature, requestId };
    const outcome = await createBatch({ ...body, requestId });

    if (outcome.ok) {
      retry.current = null;
      setBalance(outcome.balance);
      setBatches((list) => [outcome.batch, ...list.filter((b) => b.id !== outcome.batch.id)]);
      setNotice({ type: "started", resultsId: RESULTS_ID });
      // The header's token count follows the person's data.
      void reloadPersonData();
      return;
    }
    if (outcome.kind === "network") {
      setNotice({ type: "error", message: t("generateNetwork") });
      return;
    }
    if (outcome.status < 500) retry.current = null;
    if (outcome.code === "INSUFFICIENT_TOKENS") {
      const known = Number(outcome.details.balance);
      const current = Number.isFinite(known) ? known : (balance ?? 0);
      const attempted = Number(outcome.details.attempted);
      setBalance(current);
      setNotice({ type: "insufficient", balance: current, attempted: Number.isFinite(attempted) ? attempted : cost });
      return;
    }
    // The chosen image's hour has passed: it cannot be used any more.
    if (outcome.code === "GONE" && choice.type === "image") setChoiceState(null);
    setNotice({ type: "error", message: `${t("generateFailed")} ${errorText(outcome)}` });
  }

  // A failed style's token comes back: show it at once, and let the header's count follow.
  const onRefund = useCallback(() => {
    setBalance((current) => (current === null ? null : current + 1));
    void reloadPersonData();
  }, []);

  function takeAsInput(image: ImageDto) {
    setChoice({ type: "image", image });
    upload.clear();
    setTab("gallery");
    sourceHeading.current?.scrollIntoView({ behavior: "smooth", block: "start" });
    sourceHeading.current?.focus({ preventScroll: true });
  }

  const tokens = (count: number) => tAccount("tokens", { count });

  return (
    <>
      <div ref={form} className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="min-w-0 space-y-10">
          {!props.ai && (
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
              {t.rich("localEngine", {
                link: (chunks) => (
                  <a href={props.enginesDocs} className="font-medium underline underline-offset-2 hover:no-underline">
                    {chunks}
                  </a>
                ),
              })}
            </p>
          )}

          <section aria-labelledby="design-source-title" className="space-y-4">
            <h2 id="design-source-title" ref={sourceHeading} tabIndex={-1} className="scroll-mt-6 text-xl font-semibold text-gray-950 outline-none dark:text-white">
              {t("step", { number: 1, title: t("sourceLegend") })}
            </h2>
            {requestedImageMissing && !choice && <p className="text-sm text-amber-800 dark:text-amber-200">{t("requestedImageMissing")}</p>}
            <div className="space-y-2">
              <h3 className="text-sm font-medium text-gray-900 dark:text-gray-100">{t("selectedTitle")}</h3>
              <SelectedImage choice={choice} />
            </div>
            <SourceTabs
              label={t("sourceTabs")}
              active={tab}
              onChange={setTab}
              tabs={{
                upload: {
                  label: t("tabUpload"),
                  icon: <Upload />,
                  panel: <UploadPanel state={upload.state} onFile={(file) => void upload.start(file)} onCancel={upload.cancel} hasChoice={choice !== null} />,
                },
                library: {
                  label: t("tabLibrary"),
                  icon: <Library />,
                  panel: (
                    <LibraryPicker
                      photos={props.library}
                      selectedId={choice?.type === "library" ? choice.photo.id : null}
                      onSelect={(photo) => {
                        setChoice({ type: "library", photo });
                        upload.clear();
                        setRoomTypeState(photo.roomType);
                      }}
                    />
                  ),
                },
                gallery: {
                  label: t("tabGallery"),
                  icon: <Images />,
                  panel: (
                    <div className="space-y-3">
                      <p className="text-sm text-gray-700 dark:text-gray-300">{t("galleryLead")}</p>
                      <Button
                        variant="outline"
                        color="gray"
                        leadingIcon={<Images />}
                        onClick={() => {
                          setGalleryUsed(true);
                          setGalleryOpen(true);
                        }}
                      >
                        {t("galleryOpen")}
                      </Button>
                    </div>
                  ),
                },
              }}
            />
          </section>

          <ModePicker step={2} value={settings.mode} available={props.modes} unsupported={props.unsupported} enginesDocs={props.enginesDocs} onChange={(mode) => setSettings({ mode })} />
          <ModeDetails
            settings={settings}
            available={props.modes}
            onChange={setSettings}
            maskEditor={brushable && choice ? <MaskEditor {...maskPhoto(choice)} onMarkedChange={setMaskMarked} handle={maskEditor} purpose={settings.mode === "surfaces" ? "surface" : "region"} /> : null}
          />
          <RoomTypePicker step={3} value={roomType} onChange={setRoomType} />
          {styled && <StylePicker step={4} styles={ownStyles ? props.styles.filter((style) => Object.hasOwn(ownStyles, style.id)) : props.styles} selected={chosenStyles} onChange={setStyles} />}
          <CommonOptions settings={settings} onChange={setSettings} words={props.followsWords} ownRecolour={ownRecolour} styled={styled} variations={!oneVariation} />
        </div>

        <div className="lg:sticky lg:top-20">
          <DesignSummary step={styled ? 5 : 4} cost={cost} breakdown={variations > 1 ? { styles: styled ? chosenStyles.length : null, variations } : null} balance={balance} missing={missing} notice={notice} pricingHref={props.pricingHref} onReset={reset} onGenerate={onGenerate} />
        </div>
      </div>

      {batches.length > 0 && (
        <section id={RESULTS_ID} aria-labelledby={`${RESULTS_ID}-title`} className="mt-12 scroll-mt-6 space-y-6">
          <h2 id={`${RESULTS_ID}-title`} className="text-2xl font-semibold text-gray-950 dark:text-white">
            {t("resultsTitle")}
          </h2>
          <p className="text-sm text-gray-700 dark:text-gray-300">
            {t.rich("resultsElsewhere", {
              link: (chunks) => (
                <Link href={props.generationsHref} className="font-medium text-primary-700 underline underline-offset-2 hover:no-underline dark:text-primary-300">
                  {chunks}
                </Link>
              ),
            })}
          </p>
          {batches.map((batch) => (
            <LiveResults
              key={batch.id}
              batch={batch}
              now={person?.now ?? 0}
              enginesDocs={props.enginesDocs}
              designHref={props.designHref}
              onUseAsInput={takeAsInput}
              onRefund={onRefund}
              headingLevel={3}
              eager
            />
          ))}
        </section>
      )}

      {galleryUsed && (
        <GalleryModal
          open={galleryOpen}
          onOpenChange={setGalleryOpen}
          initial={gallery ?? []}
          selectedId={choice?.type === "image" ? choice.image.id : null}
          onChoose={(image) => {
            setChoice({ type: "image", image });
            upload.clear();
          }}
        />
      )}
      {confirmUsed && (
        <ConfirmModal
          open={confirmOpen}
          onOpenChange={setConfirmOpen}
          title={t("confirmTitle", { count: cost })}
          description={t("confirmText", { cost: tokens(cost), balance: tokens(balance ?? 0), after: tokens(Math.max(0, (balance ?? 0) - cost)) })}
          confirmLabel={t("generate")}
          onConfirm={confirm}
        />
      )}
    </>
  );
}
