"use client";

import { useCallback, useEffect, useRef, useState, type DragEvent } from "react";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { ArrowDown, ArrowUp, Trash2, Upload } from "lucide-react";
import { loadPersonData, reloadPersonData, usePersonData } from "@/components/account/person-data-store";
import { Button } from "@/components/ui/button";
import { ConfirmModal, Modal } from "@/components/ui/modal";
import { GalleryModal } from "@/components/design/gallery-modal";
import { InsufficientTokens } from "@/components/design/insufficient-tokens";
import { requestRemake } from "@/components/design/api";
import type { LibraryOption } from "@/components/design/choice";
import { LibraryPicker } from "@/components/design/library-picker";
import { ModeDetails, ModePicker } from "@/components/design/mode-options";
import { defaultModeSettings, editModeOf, fieldParams, listingPageModes, textsTooLong, type ModeSettings } from "@/components/design/mode-settings";
import { useErrorText } from "@/components/design/use-error-text";
import { useCatalogNames } from "@/components/generations/catalog-names";
import { useAnnouncer } from "@/components/ui/use-announcer";
import { minutesLeft, useNow } from "@/components/ui/use-now";
import { isStyledMode, type EditMode } from "@/config/edit-modes";
import { LISTING_EXPIRY_WARNING_MS, LISTING_MAX_PHOTOS, LISTING_MAX_STYLES, LISTING_MAX_VARIATIONS, LISTING_NAME_MAX } from "@/config/listings";
import { roomTypes, type RoomType } from "@/config/room-types";
import { pathFor } from "@/config/routes";
import { styleIds } from "@/config/styles";
import type { ListingDto, ListingPhotoDto, ListingResultDto } from "@/schemas/listings";
import { personDataUrl } from "@/web/shared/person-data";
import { PortalExport } from "./portal-export";
import { callApi } from "./call-api";
import { ListingResult } from "./listing-result";
import { usePhotoUploads } from "./use-photo-uploads";

const POLL_MS = 2000;

const isFinal = (status: ListingResultDto["status"]) => status === "succeeded" || status === "failed";

/**
 * One listing: its photos (added many at once, with room types, in order), one Generate for all of them,
 * the results per photo with a choice, and what goes to the client (ZIP, HD, link).
 */
export function ListingWorkspace({
  initial,
  now: serverNow,
  listPath,
  sharePrefix,
  hdPlain,
  modes,
  enginesDocs,
  library,
}: {
  initial: ListingDto;
  now: number;
  listPath: string;
  sharePrefix: string;
  /** The engine has no upscaler of its own: its HD copy is a plain resampling, and the page says so. */
  hdPlain: boolean;
  /** What the configured engine can do (engineModes): the others are shown disabled, as on the design page. */
  modes: readonly EditMode[];
  enginesDocs: string;
  /** The example photos, as the design page offers them. */
  library: readonly LibraryOption[];
}) {
  const t = useTranslations("listings");
  const tRooms = useTranslations("rooms");
  const tStyles = useTranslations("styles");
  const tGen = useTranslations("generation");
  const tDesign = useTranslations("design");
  const locale = useLocale();
  const errorText = useErrorText();
  const format = useFormatter();
  // With the month's name: "11/26/26" reads differently on either side of the Atlantic.
  const shareDate = (createdAt: string) => format.dateTime(new Date(createdAt), { dateStyle: "medium", timeStyle: "short" });
  const router = useRouter();
  const now = useNow(serverNow, 30_000);
  const [listing, setListing] = useState(initial);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  // Generate's outcome, said beside its button: the page's message line is a screen away from it.
  const [generateMessage, setGenerateMessage] = useState<{ text: string; error: boolean } | null>(null);
  // A Generate the server refused for a short balance (the one shown was out of date): said with the way to buy.
  const [refused, setRefused] = useState<{ balance: number; attempted: number } | null>(null);
  const [newRoom, setNewRoom] = useState<RoomType>((initial.lastRoomType as RoomType | null) ?? "living-room");
  const [styles, setStyles] = useState<string[]>([]);
  const [variations, setVariations] = useState(1);
  const [settings, setSettings] = useState<ModeSettings>(defaultModeSettings);
  const [libraryOpen, setLibraryOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // A photo to remove, once its removal is confirmed: its results (tokens already paid) go with it.
  const [removing, setRemoving] = useState<{ photo: ListingPhotoDto; number: number } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [revoking, setRevoking] = useState<{ id: string; date: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [newLink, setNewLink] = useState<string | null>(null);
  const [name, setName] = useState(initial.name);
  const generateRetry = useRef<{ signature: string; requestId: string } | null>(null);
  const [dragging, setDragging] = useState(false);
  const [gallery, setGallery] = useState(false);
  const [copied, setCopied] = useState(false);
  const [announcement, announce] = useAnnouncer();
  const base = `/api/listings/${encodeURIComponent(listing.id)}`;

  // The balance for the confirmation, from the store the header's account menu reads: reloading it after a
  // spend or a refund keeps the header's count right too.
  const balance = usePersonData()?.balance ?? null;
  useEffect(() => {
    void loadPersonData(personDataUrl(locale, null));
  }, [locale]);

  // The tab names the listing (the page's title, from the server); a rename follows it there.
  const titledAs = useRef(initial.name);
  useEffect(() => {
    if (titledAs.current === listing.name) return;
    document.title = document.title.replace(titledAs.current, listing.name);
    titledAs.current = listing.name;
  }, [listing.name]);

  // Named as on the design page: its style (or what was done), which variation it is, and whether it is a free
  // remake. A listing's modes (restyle, stage, declutter) take no parameters into their names.
  const names = useCatalogNames();
  const resultName = useCallback((r: ListingResultDto) => names.visualization({ mode: r.mode, params: {} }, r), [names]);

  // Results and HD copies arrive by polling: what became ready (or failed) since the last answer is said in
  // the live region, as the design page says it for its results.
  const shown = useRef(initial);
  const announceArrivals = useCallback(
    (next: ListingDto) => {
      const before = new Map(shown.current.photos.map((p) => [p.id, p]));
      shown.current = next;
      let refunded = false;
      next.photos.forEach((photo, index) => {
        const was = before.get(photo.id);
        const photoName = t("photoAlt", { number: index + 1, room: tRooms(photo.roomType as RoomType) });
        for (const r of photo.results) {
          const previous = was?.results.find((p) => p.visualizationId === r.visualizationId);
          if (!isFinal(r.status) || (previous && isFinal(previous.status))) continue;
          announce(tGen(r.status === "succeeded" ? "ready" : "failed", { style: `${photoName}, ${resultName(r)}` }));
          if (r.status === "failed") refunded = true;
        }
        if (photo.hd && was && !was.hd) announce(t("hdReady", { number: index + 1 }));
        if (photo.hdState === "failed" && was?.hdState !== "failed") refunded = true;
      });
      if (refunded) void reloadPersonData();
    },
    [announce, resultName, t, tGen, tRooms],
  );

  const refresh = useCallback(async (): Promise<ListingDto | null> => {
    const answer = await callApi<{ listing: ListingDto }>("GET", base);
    if (!answer.ok) return null;
    setListing(answer.body.listing);
    announceArrivals(answer.body.listing);
    return answer.body.listing;
  }, [base, announceArrivals]);

  const working = listing.photos.some((p) => p.hdState === "queued" || p.hdState === "running" || p.results.some((r) => r.status === "queued" || r.status === "running" || r.scoring));
  useEffect(() => {
    if (!working) return;
    const timer = setInterval(() => void refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [working, refresh]);

  const fail = (text: string | null) => setMessage({ text: text ?? t("error"), error: true });

  const addUploaded = useCallback(
    async (imageId: string) => {
      const answer = await callApi("POST", `${base}/photos`, { sources: [{ type: "image", imageId }], roomType: newRoom });
      await refresh();
      return answer.ok ? null : (answer.message ?? t("error"));
    },
    [base, newRoom, refresh, t],
  );
  const { uploads, start } = usePhotoUploads(addUploaded, t("error"));

  function addFiles(files: File[]) {
    const left = LISTING_MAX_PHOTOS - listing.photos.length;
    if (files.length > left) setMessage({ text: t("tooMany", { max: LISTING_MAX_PHOTOS, left: Math.max(0, left) }), error: true });
    else setMessage(null);
    if (left <= 0) return;
    const sent = files.slice(0, left);
    // Said as well as shown: the list below is not read out as it changes.
    announce(t("uploadsStarted", { count: sent.length }));
    void start(sent).then(({ added, failed }) => announce(t("uploadsSettled", { added, failed })));
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    addFiles(Array.from(event.dataTransfer.files));
  }

  async function act(key: string, run: () => Promise<{ ok: boolean; message?: string | null }>) {
    setBusy(key);
    const answer = await run();
    setBusy(null);
    if (!answer.ok) fail(answer.message ?? null);
    await refresh();
  }

  async function rename() {
    setBusy("rename");
    const answer = await callApi("PATCH", base, { name });
    if (!answer.ok) fail(answer.message ?? null);
    const fresh = await refresh();
    setBusy(null);
    if (!answer.ok || !fresh) return;
    // The name as the server keeps it (spaces trimmed), and the page's heading, which the server renders.
    setName(fresh.name);
    router.refresh();
  }

  function move(photo: ListingPhotoDto, by: number) {
    const ids = listing.photos.map((p) => p.id);
    const from = ids.indexOf(photo.id);
    const to = from + by;
    if (to < 0 || to >= ids.length) return;
    ids.splice(to, 0, ids.splice(from, 1)[0]!);
    void act(`move:${photo.id}`, () => callApi("PUT", `${base}/photos`, { photoIds: ids }));
  }

  const livePhotos = listing.photos.filter((p) => p.generatable).length;
  const mode = editModeOf(settings);
  const styled = isStyledMode(mode);
  const cost = livePhotos * (styled ? styles.length : 1) * variations;
  const atStyleLimit = styles.length >= LISTING_MAX_STYLES;
  // Known short: the confirmation says so, with the way to buy tokens.
  const short = balance !== null && balance < cost;
  const pricingHref = pathFor("/pricing", locale);
  const chosen = listing.photos.filter((p) => p.chosenVisualizationId && p.results.some((r) => r.visualizationId === p.chosenVisualizationId && r.result));
  const left = listing.expiresAt ? minutesLeft(listing.expiresAt, now) : null;
  const soon = listing.expiresAt !== null && Date.parse(listing.expiresAt) - now < LISTING_EXPIRY_WARNING_MS;

  async function generate() {
    setConfirming(false);
    setBusy("generate");
    setGenerateMessage(null);
    setRefused(null);
    const request = { mode, styles: styled ? styles : [], variations, params: mode === "declutter" ? { scope: settings.scope, keep: settings.keep } : fieldParams(settings, mode) };
    // The same choice again after no answer (or one cut off) is the same click: the server spends for it once.
    const signature = JSON.stringify(request);
    const requestId = generateRetry.current?.signature === signature ? generateRetry.current.requestId : crypto.randomUUID();
    generateRetry.current = { signature, requestId };
    const answer = await callApi<{ cost: number }>("POST", `${base}/generate`, { ...request, requestId });
    setBusy(null);
    void reloadPersonData();
    if (answer.ok || (answer.status > 0 && answer.status < 500 && answer.code !== "generic")) generateRetry.current = null;
    if (!answer.ok && answer.code === "INSUFFICIENT_TOKENS") {
      const { balance: known, attempted } = answer.details;
      return setRefused({ balance: Number(known ?? balance ?? 0), attempted: Number(attempted ?? cost) });
    }
    if (!answer.ok) return setGenerateMessage({ text: answer.message ?? t("error"), error: true });
    setGenerateMessage({ text: t("queued", { cost: answer.body.cost }), error: false });
    await refresh();
  }

  async function remake(visualizationId: string): Promise<string | null> {
    const outcome = await requestRemake(visualizationId);
    await refresh();
    void reloadPersonData();
    if (outcome.ok) return null;
    return outcome.kind === "network" ? tGen("structure.remakeNetwork") : errorText(outcome);
  }

  async function createLink() {
    setBusy("share");
    const answer = await callApi<{ token: string }>("POST", `${base}/shares`);
    setBusy(null);
    if (!answer.ok) return fail(answer.message);
    setNewLink(`${window.location.origin}${sharePrefix}${answer.body.token}`);
    setCopied(false);
    await refresh();
  }

  return (
    <div className="space-y-10">
      <section aria-labelledby="listing-name" className="space-y-3">
        <div className="flex flex-wrap items-end gap-3">
          <label className="flex flex-1 flex-col gap-1 text-sm font-medium">
            {/* The section is named by these words alone, not by the field's value inside the label. */}
            <span id="listing-name">{t("name")}</span>
            <input value={name} maxLength={LISTING_NAME_MAX} onChange={(e) => setName(e.target.value)} className="rounded-lg border border-gray-300 bg-white px-3 py-2 text-base dark:border-gray-700 dark:bg-gray-900" />
          </label>
          <Button variant="outline" loading={busy === "rename"} disabled={name.trim() === listing.name || !name.trim()} onClick={() => void rename()}>
            {t("rename")}
          </Button>
          <Button
            variant="ghost"
            color="red"
            onClick={() => setDeleting(true)}
          >
            {t("delete")}
          </Button>
        </div>
        {listing.expired ? (
          <p role="status" className="rounded-lg bg-amber-50 p-3 text-amber-900 dark:bg-amber-950 dark:text-amber-200">{t("expired")}</p>
        ) : left !== null ? (
          <p role={soon ? "alert" : undefined} className={soon ? "rounded-lg bg-amber-50 p-3 font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200" : "text-sm text-gray-700 dark:text-gray-300"}>
            {soon ? t("expiresSoon", { minutes: Math.max(1, left) }) : t("expiresIn", { minutes: left })}
          </p>
        ) : null}
        <MessageLines message={message} whenEmpty="empty:mb-0" />
        <p role="status" className="sr-only">
          {announcement}
        </p>
      </section>

      <section aria-labelledby="add-photos" className="space-y-3">
        <h2 id="add-photos" className="text-xl font-semibold">{t("addPhotos")}</h2>
        <label className="flex max-w-xs flex-col gap-1 text-sm font-medium">
          {t("roomForNew")}
          <select value={newRoom} onChange={(e) => setNewRoom(e.target.value as RoomType)} className="rounded-lg border border-gray-300 bg-white px-3 py-2 dark:border-gray-700 dark:bg-gray-900">
            {roomTypes.map((r) => (
              <option key={r} value={r}>{tRooms(r)}</option>
            ))}
          </select>
        </label>
        <div
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="listing-drop-zone"
          className={`flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed p-6 text-center ${dragging ? "border-primary-600 bg-primary-50 dark:bg-primary-950" : "border-gray-300 dark:border-gray-700"}`}
        >
          <Upload aria-hidden="true" className="size-8 text-gray-500" />
          <p>{t("dropHint", { max: LISTING_MAX_PHOTOS })}</p>
          <label className="cursor-pointer rounded-lg bg-primary-700 px-4 py-2 font-medium text-white focus-within:outline-2 focus-within:outline-offset-2 hover:bg-primary-800">
            {t("chooseFiles")}
            <input
              type="file"
              multiple
              accept="image/*,.heic,.heif"
              className="sr-only"
              onChange={(e) => {
                addFiles(Array.from(e.target.files ?? []));
                e.target.value = "";
              }}
            />
          </label>
        </div>
        <Button variant="outline" color="gray" onClick={() => setGallery(true)}>
          {t("fromGallery")}
        </Button>
        <GalleryModal
          open={gallery}
          onOpenChange={setGallery}
          initial={[]}
          selectedId={null}
          onChoose={(image) => {
            setGallery(false);
            void act("gallery", () => callApi("POST", `${base}/photos`, { sources: [{ type: "image", imageId: image.id }], roomType: newRoom }));
          }}
        />
        <Button variant="outline" color="gray" onClick={() => setLibraryOpen(true)}>
          {t("fromLibrary")}
        </Button>
        <Modal open={libraryOpen} onOpenChange={setLibraryOpen} title={t("fromLibrary")}>
          <LibraryPicker
            photos={library}
            selectedId={null}
            onSelect={(photo) => {
              setLibraryOpen(false);
              // An example photo comes with its room type, as on the design page.
              void act("library", () => callApi("POST", `${base}/photos`, { sources: [{ type: "library", libraryId: photo.id }], roomType: photo.roomType }));
            }}
          />
        </Modal>
        {uploads.length > 0 && (
          <ul aria-label={t("uploads")} className="space-y-1 text-sm">
            {uploads.map((u) => (
              <li key={u.key} className="flex flex-wrap items-center gap-2">
                <span className="min-w-0 font-medium wrap-anywhere">{u.name}</span>
                {u.state === "waiting" && <span>{t("uploadWaiting")}</span>}
                {u.state === "uploading" && <progress max={1} value={u.progress ?? undefined} aria-label={u.name} className="h-2 w-32" />}
                {u.state === "done" && <span className="text-green-800 dark:text-green-300">{t("uploadDone")}</span>}
                {u.state === "failed" && <span role="alert" className="text-red-700 dark:text-red-400">{u.message}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="generate" className="space-y-4 rounded-2xl border border-gray-200 p-5 dark:border-gray-800">
        <h2 id="generate" className="text-xl font-semibold">{t("generateHeading")}</h2>
        <p className="text-sm text-gray-700 dark:text-gray-300">{t("generateLead")}</p>
        <ModePicker headingLevel={3} value={settings.mode} modes={listingPageModes} available={modes} enginesDocs={enginesDocs} onChange={(next) => setSettings((s) => ({ ...s, mode: next }))} />
        <ModeDetails settings={settings} available={modes} maskEditor={null} onChange={(next) => setSettings((s) => ({ ...s, ...next }))} />
        <div className="flex flex-wrap gap-4">
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t(styled ? "variations" : "variationsUnstyled")}
            <select value={variations} onChange={(e) => setVariations(Number(e.target.value))} className="rounded-lg border border-gray-300 bg-white px-3 py-2 dark:border-gray-700 dark:bg-gray-900">
              {Array.from({ length: LISTING_MAX_VARIATIONS }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>{n}</option>
              ))}
            </select>
          </label>
        </div>
        {styled && (
          <fieldset aria-describedby={atStyleLimit ? "listing-styles-limit" : undefined}>
            <legend className="mb-2 text-sm font-medium">{t("styles")}</legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
              {styleIds.map((id) => (
                <label key={id} className="flex items-center gap-2 text-sm has-disabled:opacity-60">
                  <input
                    type="checkbox"
                    checked={styles.includes(id)}
                    // At the limit the others wait: a listing's Generate takes at most LISTING_MAX_STYLES styles.
                    disabled={atStyleLimit && !styles.includes(id)}
                    onChange={(e) => setStyles((list) => (e.target.checked ? [...list, id] : list.filter((s) => s !== id)))}
                  />
                  {tStyles(`${id}.name`)}
                </label>
              ))}
            </div>
            {atStyleLimit && (
              <p id="listing-styles-limit" className="mt-2 text-sm text-gray-700 dark:text-gray-300">
                {tDesign("stylesLimit", { limit: LISTING_MAX_STYLES })}
              </p>
            )}
          </fieldset>
        )}
        <Button size="md" loading={busy === "generate"} disabled={livePhotos === 0 || (styled && styles.length === 0) || textsTooLong(settings).length > 0} onClick={() => setConfirming(true)}>
          {t("generate")}
        </Button>
        {livePhotos === 0 ? <p className="text-sm text-gray-600 dark:text-gray-400">{t("noPhotos")}</p> : styled && styles.length === 0 ? <p className="text-sm text-gray-600 dark:text-gray-400">{t("noStyles")}</p> : null}
        <MessageLines message={generateMessage} whenEmpty="empty:hidden" />
        {refused && <InsufficientTokens balance={refused.balance} attempted={refused.attempted} pricingHref={pricingHref} />}
        <Modal
          open={confirming}
          onOpenChange={setConfirming}
          title={t("confirmTitle")}
          description={[
            styled ? t("confirmText", { photos: livePhotos, styles: styles.length, variations, cost }) : t("confirmTextEdit", { photos: livePhotos, variations, cost }),
            balance === null || short ? null : t("confirmBalance", { balance, after: balance - cost }),
          ]
            .filter(Boolean)
            .join(" ")}
          footer={
            <>
              <Button variant="outline" color="gray" onClick={() => setConfirming(false)}>{t("cancel")}</Button>
              <Button disabled={short} onClick={() => void generate()}>{t("confirm", { cost })}</Button>
            </>
          }
        >
          {/* Known short: what is missing, and the way to buy it, rather than a Generate the server would refuse. */}
          {short && <InsufficientTokens balance={balance} attempted={cost} pricingHref={pricingHref} />}
        </Modal>
      </section>

      <Modal
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={removing ? t("remove", { number: removing.number }) : ""}
        description={removing ? t("removeConfirm", { results: removing.photo.results.filter((r) => r.status === "succeeded").length }) : ""}
        footer={
          <>
            <Button variant="outline" color="gray" onClick={() => setRemoving(null)}>{t("cancel")}</Button>
            <Button
              color="red"
              onClick={() => {
                const photo = removing!.photo;
                setRemoving(null);
                void act(`remove:${photo.id}`, () => callApi("DELETE", `${base}/photos/${photo.id}`));
              }}
            >
              {t("removeConfirmed")}
            </Button>
          </>
        }
      />

      <section aria-labelledby="photos" className="space-y-6">
        <h2 id="photos" className="sr-only">{t("photosHeading")}</h2>
        <ol className="space-y-6">
          {listing.photos.map((photo, index) => {
            const number = index + 1;
            const room = tRooms(photo.roomType as RoomType);
            return (
              <li key={photo.id} data-testid="listing-photo" className="space-y-3 rounded-2xl border border-gray-200 p-4 dark:border-gray-800">
                <div className="flex flex-wrap items-center gap-3">
                  <span className="text-lg font-semibold">{number}.</span>
                  {photo.image ? (
                    // eslint-disable-next-line @next/next/no-img-element -- the user's own short-lived image, served by our API
                    <img src={photo.image.url} alt={t("photoAlt", { number, room })} width={photo.image.width} height={photo.image.height} className="h-20 w-auto rounded-lg object-cover" />
                  ) : (
                    <p className="text-sm text-amber-900 dark:text-amber-200">{t("photoGone")}</p>
                  )}
                  <label className="flex flex-col gap-1 text-sm font-medium">
                    {t("roomType")}
                    <select
                      // Which photo's room it is: one select per photo, all labelled alike on the screen.
                      aria-label={t("roomOfPhoto", { number })}
                      value={photo.roomType}
                      onChange={(e) => void act(`room:${photo.id}`, () => callApi("PATCH", `${base}/photos/${photo.id}`, { roomType: e.target.value }))}
                      className="rounded-lg border border-gray-300 bg-white px-2 py-1 dark:border-gray-700 dark:bg-gray-900"
                    >
                      {roomTypes.map((r) => (
                        <option key={r} value={r}>{tRooms(r)}</option>
                      ))}
                    </select>
                  </label>
                  <div className="ml-auto flex gap-1">
                    <Button variant="ghost" color="gray" aria-label={t("moveUp", { number })} leadingIcon={<ArrowUp />} disabled={index === 0} onClick={() => move(photo, -1)} />
                    <Button variant="ghost" color="gray" aria-label={t("moveDown", { number })} leadingIcon={<ArrowDown />} disabled={index === listing.photos.length - 1} onClick={() => move(photo, 1)} />
                    <Button variant="ghost" color="red" aria-label={t("remove", { number })} leadingIcon={<Trash2 />} onClick={() => setRemoving({ photo, number })} />
                  </div>
                </div>
                <h3 className="text-sm font-medium">{t("results", { number })}</h3>
                {photo.results.length === 0 ? (
                  <p className="text-sm text-gray-600 dark:text-gray-400">{t("noResults")}</p>
                ) : (
                  <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                    {photo.results.map((r) => (
                      <ListingResult
                        key={r.visualizationId}
                        result={r}
                        name={resultName(r)}
                        photo={{ image: photo.image, number, room }}
                        chosen={photo.chosenVisualizationId === r.visualizationId}
                        labelled={listing.disclosureLabel}
                        onChoose={(chosen) => void act(`choose:${photo.id}`, () => callApi("PUT", `${base}/photos/${photo.id}/choice`, { visualizationId: chosen ? r.visualizationId : null }))}
                        onRemake={remake}
                      />
                    ))}
                  </ul>
                )}
                {photo.chosenVisualizationId &&
                  (photo.hd ? (
                    <Button asChild size="xs" variant="soft">
                      <a href={`${base}/photos/${photo.id}/hd`} download>{t("hdDownload")}</a>
                    </Button>
                  ) : photo.hdState === "queued" || photo.hdState === "running" ? (
                    <p role="status" className="text-sm text-gray-700 dark:text-gray-300">
                      {t("hdWorking")}
                    </p>
                  ) : (
                    <>
                      {photo.hdState === "failed" && (
                        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
                          {t("hdFailed")}
                        </p>
                      )}
                      <Button size="xs" variant="outline" loading={busy === `hd:${photo.id}`} onClick={() =>
                          void act(`hd:${photo.id}`, async () => {
                            const answer = await callApi("POST", `${base}/photos/${photo.id}/hd`, {});
                            void reloadPersonData();
                            return answer;
                          })
                        }>
                        {t("hd")}
                      </Button>
                    </>
                  ))}
                {photo.chosenVisualizationId && hdPlain && <p className="text-xs text-gray-700 dark:text-gray-300">{t("hdPlain")}</p>}
              </li>
            );
          })}
        </ol>
      </section>

      <section aria-labelledby="deliver" className="space-y-4 rounded-2xl border border-gray-200 p-5 dark:border-gray-800">
        <h2 id="deliver" className="text-xl font-semibold">{t("deliver")}</h2>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={listing.disclosureLabel} onChange={(e) => void act("label", () => callApi("PATCH", base, { disclosureLabel: e.target.checked }))} />
          {t("labelOption")}
        </label>
        {chosen.length === 0 ? (
          <p className="text-sm text-gray-700 dark:text-gray-300">{t("chooseFirst")}</p>
        ) : (
          <PortalExport
            base={base}
            chosen={chosen.map((photo, index) => ({ number: index + 1, mode: photo.results.find((r) => r.visualizationId === photo.chosenVisualizationId)!.mode }))}
          />
        )}
        <div className="space-y-2">
          <h3 className="font-medium">{t("share")}</h3>
          <p className="text-sm text-gray-700 dark:text-gray-300">{t("shareLead")}</p>
          <Button variant="outline" loading={busy === "share"} disabled={chosen.length === 0} onClick={() => void createLink()}>
            {t("shareCreate")}
          </Button>
          {newLink && (
            <div className="space-y-1">
              <p className="text-sm">{t("shareNew")}</p>
              <div className="flex flex-wrap items-center gap-2">
                <input readOnly value={newLink} aria-label={t("share")} data-testid="share-link" className="min-w-0 flex-1 rounded-lg border border-gray-300 bg-gray-50 px-3 py-2 text-sm dark:border-gray-700 dark:bg-gray-900" />
                <Button
                  size="xs"
                  variant="soft"
                  onClick={() =>
                    void navigator.clipboard
                      ?.writeText(newLink)
                      .then(() => {
                        setCopied(true);
                        announce(t("shareCopied"));
                      })
                      // Refused (no permission): the link stays in the field above, to copy by hand.
                      .catch(() => undefined)
                  }
                >
                  {copied ? t("shareCopied") : t("shareCopy")}
                </Button>
              </div>
            </div>
          )}
          <ul className="space-y-1 text-sm">
            {listing.shares.map((s) => (
              <li key={s.id} className="flex items-center gap-3">
                <span>{t("shareItem", { date: shareDate(s.createdAt) })}</span>
                {s.revoked ? (
                  <span className="text-gray-600 dark:text-gray-400">{t("shareRevoked")}</span>
                ) : (
                  <Button size="xs" variant="ghost" color="red" onClick={() => setRevoking({ id: s.id, date: shareDate(s.createdAt) })}>
                    {t("shareRevoke")}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </div>
      </section>

      {/* Neither can be undone: asked in the product's own dialog, as removing a photo is. */}
      <ConfirmModal
        open={deleting}
        onOpenChange={setDeleting}
        title={t("delete")}
        description={t("deleteConfirm", { name: listing.name })}
        confirmLabel={t("delete")}
        confirmColor="red"
        onConfirm={async () => {
          const answer = await callApi("DELETE", base);
          if (answer.ok) router.push(listPath);
          else fail(answer.message);
        }}
      />
      <ConfirmModal
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t("shareRevoke")}
        description={revoking ? t("shareRevokeConfirm", { date: revoking.date }) : ""}
        confirmLabel={t("shareRevoke")}
        confirmColor="red"
        onConfirm={() => (revoking ? act(`revoke:${revoking.id}`, () => callApi("DELETE", `${base}/shares/${revoking.id}`)) : undefined)}
      />
    </div>
  );
}

/**
 * A message said in regions that are always there: a live region that appears together with its text is not
 * announced by every screen reader. `whenEmpty`: how the empty regions give back their room.
 */
function MessageLines({ message, whenEmpty }: { message: { text: string; error: boolean } | null; whenEmpty: "empty:mb-0" | "empty:hidden" }) {
  return (
    <>
      <p role="alert" className={`text-red-700 ${whenEmpty} dark:text-red-400`}>
        {message?.error ? message.text : null}
      </p>
      <p role="status" className={`text-green-800 ${whenEmpty} dark:text-green-300`}>
        {message && !message.error ? message.text : null}
      </p>
    </>
  );
}
