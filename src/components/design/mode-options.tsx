"use client";

import { useId, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import {
  creativityLevels,
  declutterScopes,
  INSTRUCTION_MAX_CHARS,
  KEEP_LIST_MAX_CHARS,
  MAX_VARIATIONS,
  REPLACE_TEXT_MAX_CHARS,
  type Creativity,
  type DeclutterScope,
  type EditMode,
} from "@/config/edit-modes";
import { editModes, modeOf, modes, type PageField, type UnsupportedReason } from "@/config/modes";
import { floorMaterials, type FloorMaterialId } from "@/config/floor-materials";
import { paintColors } from "@/config/paint-colors";

/**
 * The modes as the page offers them, read from the registry (src/config/modes/): one radio per mode, except the
 * groups whose bespoke panel picks among their modes (a region is removed or replaced, a surface painted or covered).
 */
export const pageModes: readonly string[] = [...new Set(editModes.map((mode) => modes[mode].page.group))];
export type PageMode = string;
export type RegionAction = "remove" | "replace";
export type SurfaceKind = "paint" | "material";

/** The engine modes a page mode stands for. */
export const pageModeEdits: Record<PageMode, readonly EditMode[]> = Object.fromEntries(pageModes.map((group) => [group, editModes.filter((mode) => modes[mode].page.group === group)]));

/** The page modes a listing's Generate offers: those whose modes are all whole-photo ones. */
export const listingPageModes = pageModes.filter((group) => pageModeEdits[group]!.every((mode) => modes[mode].listing));

/** The fields a mode asks for generically (its module's page.fields). */
export function pageFieldsOf(mode: EditMode): readonly PageField[] {
  return modeOf(mode).page.fields ?? [];
}

export type ModeSettings = {
  mode: PageMode;
  regionAction: RegionAction;
  surfaceKind: SurfaceKind;
  scope: DeclutterScope;
  keep: string;
  replaceText: string;
  color: string;
  material: FloorMaterialId;
  instruction: string;
  creativity: Creativity;
  variations: number;
  /** The values of the generic fields (pageFieldsOf), by mode and field. */
  fields: Record<string, string>;
};

export const defaultModeSettings: ModeSettings = {
  mode: "restyle",
  regionAction: "remove",
  surfaceKind: "paint",
  scope: "furniture",
  keep: "",
  replaceText: "",
  color: "#2E5E4E",
  material: floorMaterials[0].id,
  instruction: "",
  creativity: "balanced",
  variations: 1,
  fields: {},
};

/** The engine mode the settings ask for. */
export function editModeOf(settings: ModeSettings): EditMode {
  if (settings.mode === "region") return settings.regionAction;
  if (settings.mode === "surfaces") return settings.surfaceKind;
  return pageModeEdits[settings.mode]?.[0] ?? "restyle";
}

/** A generic field's value: what the person chose, else its default (an empty text). */
export function fieldValue(settings: ModeSettings, mode: EditMode, field: PageField): string {
  return settings.fields[`${mode}.${field.field}`] ?? (field.kind === "choice" ? field.default : "");
}

export type TextField = "instruction" | "keep" | "replaceText";
export const textFieldLimits: Record<TextField, number> = { instruction: INSTRUCTION_MAX_CHARS, keep: KEEP_LIST_MAX_CHARS, replaceText: REPLACE_TEXT_MAX_CHARS };

/**
 * The person's texts that the chosen mode sends and that are longer than allowed. The fields take more than
 * their limit (a hard cut would drop the end of a pasted text unseen): they say by how much, and Generate waits.
 */
export function textsTooLong(settings: ModeSettings): TextField[] {
  const mode = editModeOf(settings);
  const sent: TextField[] = ["instruction", ...(mode === "declutter" ? (["keep"] as const) : []), ...(mode === "replace" ? (["replaceText"] as const) : [])];
  return sent.filter((field) => settings[field].length > textFieldLimits[field]);
}

const radioLook = "option-tile items-start has-disabled:cursor-not-allowed has-disabled:opacity-60";
// No width here: each field says its own (a Tailwind width added to one that has w-full would lose to it).
const inputLook =
  "mt-1 block rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100";
const radioInput = "mt-0.5 size-4 shrink-0 accent-primary-600";

/** The mode radio group: modes the engine cannot do are shown, disabled, with what they need. `modes` narrows the group (a listing offers the whole-photo ones). */
export function ModePicker(props: {
  value: PageMode;
  available: readonly EditMode[];
  /** Why the engine cannot do a mode, said beside it when it is disabled. */
  unsupported?: Partial<Record<EditMode, UnsupportedReason>>;
  onChange: (mode: PageMode) => void;
  enginesDocs: string;
  modes?: readonly PageMode[];
  step?: number;
  /** Inside a section with a heading of its own (a listing's Generate), the legend's heading is one level down. */
  headingLevel?: 2 | 3;
}) {
  const t = useTranslations("modes");
  const tDesign = useTranslations("design");
  const noteId = useId();
  const reasonOf = (mode: PageMode) => (pageModeEdits[mode] ?? []).map((edit) => props.unsupported?.[edit]).find(Boolean);
  const offered = (mode: PageMode) => (pageModeEdits[mode] ?? []).some((edit) => props.available.includes(edit));
  const shown = props.modes ?? pageModes;
  const anyMissing = shown.some((mode) => !(pageModeEdits[mode] ?? []).every((edit) => props.available.includes(edit)));
  const Heading = props.headingLevel === 3 ? "h3" : "h2";
  return (
    <fieldset>
      <legend>
        <Heading className={`${Heading === "h2" ? "text-xl" : "text-lg"} font-semibold text-gray-950 dark:text-white`}>
          {props.step ? tDesign("step", { number: props.step, title: tDesign("modeLegend") }) : tDesign("modeLegend")}
        </Heading>
      </legend>
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        {shown.map((mode) => (
          <label key={mode} className={radioLook}>
            <input
              type="radio"
              name="mode"
              value={mode}
              checked={props.value === mode}
              disabled={!offered(mode)}
              // Named by the mode alone, described by the sentence (read once, not with every arrow press).
              aria-labelledby={`${noteId}-${mode}-name`}
              aria-describedby={offered(mode) ? `${noteId}-${mode}-text` : `${noteId}-${mode}-text ${noteId}`}
              onChange={() => props.onChange(mode)}
              className={radioInput}
            />
            <span>
              <span id={`${noteId}-${mode}-name`} className="block font-medium">{t(`${mode}.name` as "restyle.name")}</span>
              <span id={`${noteId}-${mode}-text`} className="block text-gray-700 dark:text-gray-300">
                {t(`${mode}.description` as "restyle.description")}
                {!offered(mode) && reasonOf(mode) && <span className="block text-sm italic">{t(`unsupported.${reasonOf(mode)!}`)}</span>}
              </span>
            </span>
          </label>
        ))}
      </div>
      {anyMissing && (
        <p id={noteId} className="mt-2 text-sm text-gray-700 dark:text-gray-300">
          {tDesign.rich("modesNeedAi", {
            link: (chunks) => (
              <a href={props.enginesDocs} className="font-medium underline underline-offset-2 hover:no-underline">
                {chunks}
              </a>
            ),
          })}
        </p>
      )}
    </fieldset>
  );
}

function Radios<T extends string>(props: { legend: string; name: string; values: readonly T[]; value: T; label: (value: T) => ReactNode; onChange: (value: T) => void; disabled?: (value: T) => boolean }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-gray-900 dark:text-gray-100">{props.legend}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {props.values.map((value) => (
          <label key={value} className={radioLook}>
            <input
              type="radio"
              name={props.name}
              value={value}
              checked={props.value === value}
              disabled={props.disabled?.(value)}
              onChange={() => props.onChange(value)}
              className={radioInput}
            />
            <span>{props.label(value)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function TextInput(props: { label: string; value: string; max: number; onChange: (value: string) => void; placeholder?: string; multiline?: boolean }) {
  const t = useTranslations("design");
  const id = useId();
  const Field = props.multiline ? "textarea" : "input";
  const over = props.value.length - props.max;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-gray-900 dark:text-gray-100">
        {props.label}
      </label>
      <Field
        id={id}
        value={props.value}
        placeholder={props.placeholder}
        aria-describedby={`${id}-count`}
        aria-invalid={over > 0 || undefined}
        onChange={(event) => props.onChange(event.target.value)}
        className={`${inputLook} w-full`}
        {...(props.multiline ? { rows: 2 } : { type: "text" })}
      />
      <p id={`${id}-count`} className={`mt-1 text-xs ${over > 0 ? "font-medium text-red-700 dark:text-red-400" : "text-gray-700 dark:text-gray-300"}`}>
        {over > 0 ? t("charactersOver", { count: over, max: props.max }) : t("charactersLeft", { count: props.max - props.value.length })}
      </p>
    </div>
  );
}

/** What each mode asks besides the photo and the room: declutter's scope, a region's action, a surface's colour or material. */
export function ModeDetails(props: { settings: ModeSettings; available: readonly EditMode[]; onChange: (next: Partial<ModeSettings>) => void; maskEditor: ReactNode }) {
  const t = useTranslations("design");
  const tColors = useTranslations("paintColors");
  const tMaterials = useTranslations("materials");
  const { settings } = props;
  const can = (mode: EditMode) => props.available.includes(mode);

  if (settings.mode === "declutter") {
    return (
      <section aria-label={t("modeDetails")} className="space-y-4">
        <Radios legend={t("declutterScope")} name="declutter-scope" values={declutterScopes} value={settings.scope} label={(scope) => t(`scope.${scope}`)} onChange={(scope) => props.onChange({ scope })} />
        <TextInput label={t("keepLabel")} placeholder={t("keepPlaceholder")} value={settings.keep} max={KEEP_LIST_MAX_CHARS} onChange={(keep) => props.onChange({ keep })} />
      </section>
    );
  }
  if (settings.mode === "region") {
    return (
      <section aria-label={t("modeDetails")} className="space-y-4">
        {props.maskEditor}
        <Radios
          legend={t("regionAction")}
          name="region-action"
          values={["remove", "replace"] as const}
          value={settings.regionAction}
          disabled={(action) => !can(action)}
          label={(action) => t(`region.${action}`)}
          onChange={(regionAction) => props.onChange({ regionAction })}
        />
        {settings.regionAction === "replace" && (
          <TextInput label={t("replaceLabel")} placeholder={t("replacePlaceholder")} value={settings.replaceText} max={REPLACE_TEXT_MAX_CHARS} onChange={(replaceText) => props.onChange({ replaceText })} />
        )}
      </section>
    );
  }
  if (settings.mode === "surfaces") {
    return (
      <section aria-label={t("modeDetails")} className="space-y-4">
        {props.maskEditor}
        <Radios
          legend={t("surfaceKind")}
          name="surface-kind"
          values={["paint", "material"] as const}
          value={settings.surfaceKind}
          disabled={(kind) => !can(kind)}
          label={(kind) => t(`surface.${kind}`)}
          onChange={(surfaceKind) => props.onChange({ surfaceKind })}
        />
        {settings.surfaceKind === "paint" ? (
          <div className="space-y-3">
            <fieldset>
              <legend className="text-sm font-medium text-gray-900 dark:text-gray-100">{t("paletteLegend")}</legend>
              <div className="mt-2 grid grid-cols-4 gap-2 sm:grid-cols-6">
                {paintColors.map((color) => (
                  <label key={color.id} className="flex cursor-pointer flex-col items-center gap-1 rounded-lg p-1 text-center text-xs text-gray-900 has-checked:ring-2 has-checked:ring-primary-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary-600 dark:text-gray-100 dark:has-checked:ring-primary-400 dark:has-focus-visible:outline-primary-400">
                    <input type="radio" name="paint-color" value={color.hex} checked={settings.color.toUpperCase() === color.hex} onChange={() => props.onChange({ color: color.hex })} className="sr-only" />
                    <span aria-hidden="true" className="size-8 rounded-full border border-gray-300 dark:border-gray-600" style={{ backgroundColor: color.hex }} />
                    {tColors(color.id)}
                  </label>
                ))}
              </div>
            </fieldset>
            <HexInput value={settings.color} onChange={(color) => props.onChange({ color })} />
          </div>
        ) : (
          <div>
            <label htmlFor="surface-material" className="text-sm font-medium text-gray-900 dark:text-gray-100">
              {t("materialLabel")}
            </label>
            <select id="surface-material" value={settings.material} onChange={(event) => props.onChange({ material: event.target.value as FloorMaterialId })} className={`${inputLook} w-full`}>
              {floorMaterials.map((material) => (
                <option key={material.id} value={material.id}>
                  {tMaterials(material.id)}
                </option>
              ))}
            </select>
          </div>
        )}
      </section>
    );
  }
  const mode = editModeOf(settings);
  const fields = pageFieldsOf(mode);
  if (fields.length === 0) return null;
  const label = (key: string) => t(`fields.${mode}.${key}` as never);
  const set = (field: PageField, value: string) => props.onChange({ fields: { ...settings.fields, [`${mode}.${field.field}`]: value } });
  return (
    <section aria-label={t("modeDetails")} className="space-y-4">
      {modeOf(mode).mask === "optional" && (
        <>
          <p className="text-sm text-gray-700 dark:text-gray-300">{label("brushHint")}</p>
          {props.maskEditor}
        </>
      )}
      {fields.map((field) =>
        field.kind === "choice" ? (
          <Radios key={field.field} legend={label(`${field.field}.legend`)} name={`${mode}-${field.field}`} values={field.values} value={fieldValue(settings, mode, field)} label={(value) => label(`${field.field}.${value}`)} onChange={(value) => set(field, value)} />
        ) : (
          <TextInput key={field.field} label={label(`${field.field}.legend`)} value={fieldValue(settings, mode, field)} max={field.max} onChange={(value) => set(field, value)} />
        ),
      )}
    </section>
  );
}

function HexInput({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const t = useTranslations("design");
  const id = useId();
  const valid = /^#?[0-9a-fA-F]{6}$/.test(value.trim());
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-gray-900 dark:text-gray-100">
        {t("hexLabel")}
      </label>
      <div className="mt-1 flex items-center gap-2">
        <input
          id={id}
          type="text"
          inputMode="text"
          autoComplete="off"
          spellCheck={false}
          value={value}
          maxLength={7}
          aria-invalid={!valid}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChange(event.target.value)}
          className={`${inputLook} mt-0 w-32 font-mono`}
        />
        <span aria-hidden="true" className="size-9 rounded-lg border border-gray-300 dark:border-gray-600" style={{ backgroundColor: valid ? `#${value.trim().replace("#", "")}` : "transparent" }} />
      </div>
      <p id={`${id}-hint`} className={`mt-1 text-xs ${valid ? "text-gray-700 dark:text-gray-300" : "text-red-700 dark:text-red-400"}`}>
        {valid ? t("hexHint") : t("hexInvalid")}
      </p>
    </div>
  );
}

/** In every mode: the person's own words, how bold the engine may be, and how many variations. */
export function CommonOptions(props: {
  settings: ModeSettings;
  onChange: (next: Partial<ModeSettings>) => void;
  /** The engine reads the person's words and creativity; else the page says it does not. */
  words: boolean;
  /** An exact colour, painted by our own recolour: neither words nor creativity are asked for. */
  ownRecolour: boolean;
  /** Variations are per style (restyle, stage), else of the one edit. */
  styled: boolean;
  /** False for an edit that comes out the same every time: it is made once. */
  variations: boolean;
}) {
  const t = useTranslations("design");
  const id = useId();
  return (
    <section aria-label={t("moreOptions")} className="space-y-4">
      {props.ownRecolour ? null : props.words ? (
        <TextInput multiline label={t("instructionLabel")} placeholder={t("instructionPlaceholder")} value={props.settings.instruction} max={INSTRUCTION_MAX_CHARS} onChange={(instruction) => props.onChange({ instruction })} />
      ) : (
        <p className="text-sm text-gray-700 dark:text-gray-300">{t("wordsNeedAi")}</p>
      )}
      {props.words && !props.ownRecolour && (
        <Radios legend={t("creativityLegend")} name="creativity" values={creativityLevels} value={props.settings.creativity} label={(level) => t(`creativity.${level}`)} onChange={(creativity) => props.onChange({ creativity })} />
      )}
      {props.variations ? (
        <div>
          <label htmlFor={id} className="text-sm font-medium text-gray-900 dark:text-gray-100">
            {t(props.styled ? "variationsLabel" : "variationsLabelEdit")}
          </label>
          <select id={id} value={props.settings.variations} onChange={(event) => props.onChange({ variations: Number(event.target.value) })} className={`${inputLook} w-24`}>
            {Array.from({ length: MAX_VARIATIONS }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <p className="text-sm text-gray-700 dark:text-gray-300">{t("variationsSameEveryTime")}</p>
      )}
    </section>
  );
}
