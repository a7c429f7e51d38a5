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
  type EditMode,
} from "@/config/edit-modes";
import { isOutdoorMode, modeOf, type PageField, type UnsupportedReason } from "@/config/modes";
import { floorMaterials, type FloorMaterialId } from "@/config/floor-materials";
import { paintColors } from "@/config/paint-colors";
import { ReferencePhotoInput } from "./reference-photo-input";
import { HexInput, radioInput, radioLook, Radios, TextInput, inputLook } from "./mode-inputs";
import { editModeOf, fieldValue, pageFieldsOf, pageModeEdits, pageModes, type ModeSettings, type PageMode } from "./mode-settings";

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
      {/* A listing's Generate has no brush: one mask would not fit every photo. */}
      {modeOf(mode).mask === "optional" && props.maskEditor && (
        <>
          <p className="text-sm text-gray-700 dark:text-gray-300">{label("brushHint")}</p>
          {props.maskEditor}
        </>
      )}
      {fields.map((field) =>
        field.kind === "choice" ? (
          <Radios key={field.field} legend={label(`${field.field}.legend`)} name={`${mode}-${field.field}`} values={field.values} value={fieldValue(settings, mode, field)} label={(value) => label(`${field.field}.${value}`)} onChange={(value) => set(field, value)} />
        ) : field.kind === "photo" ? (
          <ReferencePhotoInput key={field.field} mode={mode} field={field.field} value={fieldValue(settings, mode, field)} onChange={(value) => set(field, value)} />
        ) : (
          <TextInput key={field.field} label={label(`${field.field}.legend`)} value={fieldValue(settings, mode, field)} max={field.max} onChange={(value) => set(field, value)} />
        ),
      )}
    </section>
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
        <TextInput multiline label={t("instructionLabel")} placeholder={t(isOutdoorMode(editModeOf(props.settings)) ? "instructionPlaceholderOutdoor" : "instructionPlaceholder")} value={props.settings.instruction} max={INSTRUCTION_MAX_CHARS} onChange={(instruction) => props.onChange({ instruction })} />
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
