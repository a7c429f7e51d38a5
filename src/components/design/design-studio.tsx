"use client";

import { memo, useCallback, useEffect, useMemo, useRef, useState } from "react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import type { ImageDto } from "@/schemas/generation";
import type { EditMode } from "@/config/edit-modes";
import { roomTypes, type RoomType } from "@/config/room-types";
import type { UnsupportedReason } from "@/config/modes";
import { usePersonData } from "@/components/account/person-data-store";
import type { LibraryOption, StyleOption } from "./choice";
import { maskPhoto } from "./design-prefs";
import { designRequest } from "./design-request";
import { DesignResults, loadLiveResults } from "./design-results";
import { DesignSummary } from "./design-summary";
import { MaskEditor, type MaskEditorHandle } from "./mask-editor/mask-editor";
import { ModeExample } from "./mode-example";
import { CommonOptions, ModeDetails, ModePicker } from "./mode-options";
import type { ModeSettings } from "./mode-settings";
import { RoomTypePicker } from "./room-type-picker";
import { SourceSection } from "./source-section";
import { StylePicker } from "./style-picker";
import { useDesignChoices } from "./use-design-choices";
import { useGenerate } from "./use-generate";
import { useImageUpload } from "./use-image-upload";
import { usePageFileDrop } from "./use-page-file-drop";
import { useShownBatches } from "./use-shown-batches";
import { useTokenBalance } from "./use-token-balance";

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

// Parts needed only after a click (Generate, the gallery). Their code (the dialog library) is fetched then, so
// it does not stand between the page and its first tick.
const loadConfirmModal = () => import("@/components/ui/modal").then((m) => m.ConfirmModal);
const ConfirmModal = dynamic(loadConfirmModal, { ssr: false });
const GalleryModal = dynamic(() => import("./gallery-modal").then((m) => m.GalleryModal), { ssr: false });

// The steps render again only when their own props change, not when a batch, the balance or the person's data does.
const ModeStep = memo(ModePicker);
const ModeDetailsStep = memo(ModeDetails);
const RoomStep = memo(RoomTypePicker);
const StyleStep = memo(StylePicker);
const OptionsStep = memo(CommonOptions);

/** The design page: choose an image, a room type and styles; Generate; watch the results arrive. */
export function DesignStudio(props: DesignStudioProps) {
  const t = useTranslations("design");
  const tAccount = useTranslations("account");
  const person = usePersonData();
  const gallery = person?.gallery ?? null;
  const chosen = useDesignChoices({ library: props.library, styles: props.styles, modes: props.modes, gallery });
  const { form, tab, setTab, choice, setChoice, requestedImageMissing, roomType, setRoomType, styles, setStyles, settings, setSettings, maskMarked, setMaskMarked, clearChoices, notice, setNotice } = chosen;
  const { batches, addBatch } = useShownBatches(person?.batches ?? null);
  const { balance, setBalance, onRefund } = useTokenBalance(person?.balance ?? null);
  const [galleryOpen, setGalleryOpen] = useState(false);
  // The gallery is mounted from its first opening on (and stays, so closing it can return the focus).
  const [galleryUsed, setGalleryUsed] = useState(false);
  const maskEditor = useRef<MaskEditorHandle>(null);
  const sourceHeading = useRef<HTMLHeadingElement>(null);

  const onUploaded = useCallback((image: ImageDto) => setChoice({ type: "image", image }), [setChoice]);
  const upload = useImageUpload(onUploaded, t("uploadNetwork"));
  const { start: startUpload, clear: clearUpload } = upload;
  const onFile = useCallback((file: File) => void startUpload(file), [startUpload]);
  const onPageFile = useCallback(
    (file: File) => {
      setTab("upload");
      void startUpload(file);
    },
    [setTab, startUpload],
  );
  usePageFileDrop(onPageFile);

  const { followsWords, sameEveryTime } = props;
  const request = useMemo(() => designRequest({ choice, roomType, styles, settings, maskMarked }, { followsWords, sameEveryTime }), [choice, roomType, styles, settings, maskMarked, followsWords, sameEveryTime]);
  const { ready, brushable, styled, ownStyles, ownRecolour, oneVariation, cost, variations, chosenStyles, fittingRooms } = request;
  const generate = useGenerate({
    request,
    choice,
    roomType,
    maskMarked,
    maskEditor,
    balance,
    capLeft: person?.capLeft ?? null,
    setBalance,
    setNotice,
    dropChoice: () => setChoice(null),
    onStarted: addBatch,
    resultsId: RESULTS_ID,
  });

  // Generate is the next click once everything is chosen: fetch its dialog and the results' code now.
  useEffect(() => {
    if (!ready) return;
    void loadConfirmModal();
    void loadLiveResults();
  }, [ready]);

  const onReset = () => {
    clearChoices();
    clearUpload();
  };
  const onLibraryPhoto = useCallback(
    (photo: LibraryOption) => {
      setChoice({ type: "library", photo });
      clearUpload();
      setRoomType(photo.roomType);
    },
    [setChoice, clearUpload, setRoomType],
  );
  const onOpenGallery = useCallback(() => {
    setGalleryUsed(true);
    setGalleryOpen(true);
  }, []);
  const onGalleryImage = useCallback(
    (image: ImageDto) => {
      setChoice({ type: "image", image });
      clearUpload();
    },
    [setChoice, clearUpload],
  );
  const takeAsInput = useCallback(
    (image: ImageDto) => {
      onGalleryImage(image);
      setTab("gallery");
      sourceHeading.current?.scrollIntoView({ behavior: "smooth", block: "start" });
      sourceHeading.current?.focus({ preventScroll: true });
    },
    [onGalleryImage, setTab],
  );
  const onMode = useCallback((mode: ModeSettings["mode"]) => setSettings({ mode }), [setSettings]);

  const purpose = settings.mode === "surfaces" ? "surface" : settings.mode === "sky" ? "sky" : "region";
  const maskEditorElement = useMemo(
    () => (brushable && choice ? <MaskEditor {...maskPhoto(choice)} onMarkedChange={setMaskMarked} handle={maskEditor} purpose={purpose} /> : null),
    [brushable, choice, setMaskMarked, purpose],
  );
  const modeRooms = useMemo(() => (fittingRooms ?? roomTypes) as readonly RoomType[], [fittingRooms]);
  const offeredStyles = useMemo(() => (ownStyles ? props.styles.filter((style) => Object.hasOwn(ownStyles, style.id)) : props.styles), [ownStyles, props.styles]);
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
          <SourceSection
            headingRef={sourceHeading}
            choice={choice}
            requestedImageMissing={requestedImageMissing}
            tab={tab}
            onTab={setTab}
            upload={upload.state}
            onFile={onFile}
            onCancelUpload={upload.cancel}
            library={props.library}
            onLibraryPhoto={onLibraryPhoto}
            onOpenGallery={onOpenGallery}
          />
          <ModeStep step={2} value={settings.mode} available={props.modes} unsupported={props.unsupported} enginesDocs={props.enginesDocs} onChange={onMode} />
          <ModeExample mode={settings.mode} />
          <ModeDetailsStep settings={settings} available={props.modes} onChange={setSettings} maskEditor={maskEditorElement} />
          <RoomStep step={3} value={roomType && modeRooms.includes(roomType) ? roomType : null} onChange={setRoomType} rooms={modeRooms} />
          {styled && <StyleStep step={4} styles={offeredStyles} selected={chosenStyles} onChange={setStyles} namesOnly={ownStyles !== undefined} />}
          <OptionsStep settings={settings} onChange={setSettings} words={props.followsWords} ownRecolour={ownRecolour} styled={styled} variations={!oneVariation} />
        </div>

        <div className="lg:sticky lg:top-20">
          <DesignSummary
            step={styled ? 5 : 4}
            cost={cost}
            breakdown={variations > 1 ? { styles: styled ? chosenStyles.length : null, variations } : null}
            balance={balance}
            team={person?.team ?? null}
            capLeft={person?.capLeft ?? null}
            missing={request.missing}
            fittingRooms={request.fittingRooms}
            notice={notice}
            pricingHref={props.pricingHref}
            onReset={onReset}
            onGenerate={generate.start}
          />
        </div>
      </div>

      <DesignResults
        id={RESULTS_ID}
        batches={batches}
        now={person?.now ?? 0}
        enginesDocs={props.enginesDocs}
        designHref={props.designHref}
        generationsHref={props.generationsHref}
        onUseAsInput={takeAsInput}
        onRefund={onRefund}
      />

      {galleryUsed && <GalleryModal open={galleryOpen} onOpenChange={setGalleryOpen} initial={gallery ?? []} selectedId={choice?.type === "image" ? choice.image.id : null} onChoose={onGalleryImage} />}
      {generate.confirmUsed && (
        <ConfirmModal
          open={generate.confirmOpen}
          onOpenChange={generate.setConfirmOpen}
          title={t("confirmTitle", { count: cost })}
          description={t("confirmText", { cost: tokens(cost), balance: tokens(balance ?? 0), after: tokens(Math.max(0, (balance ?? 0) - cost)), pool: person?.team ? "team" : "own", team: person?.team ?? "" })}
          confirmLabel={t("generate")}
          onConfirm={generate.confirm}
        />
      )}
    </>
  );
}
