import type { z } from "zod";
import type { EngineId, ReplicateEditModelId, ReplicateModelId } from "../engines";

/**
 * One mode of editing a photo, as data: everything the request schema, the cost, the engines, the structure
 * check, the AI marking and the page need to know about it. Each mode is one module in this folder; the
 * registry (index.ts) lists them. How to add one: docs/edit-modes.md.
 */
export type ModeDefinition = {
  /** Whether it makes one visualization per chosen style (and the styles are asked for). */
  styled: boolean;
  /** A brushed mask (white = edit): needed, taken as a correction of what the mode finds itself, or not taken. */
  mask: "required" | "optional" | "none";
  /**
   * Its own parameters (stored in batch.params beside creativity and instruction), each optional there; the
   * ones it cannot do without name the message (under generation.invalid) its absence is refused with.
   */
  params: Record<string, z.ZodType>;
  required?: Record<string, string>;
  /** Tokens per visualization it makes. */
  tokens: number;
  /** The engines that can do it and how each is asked (absent: the page shows it disabled, with `unsupported`'s reason). */
  engines: { [E in EngineId]?: EngineEntries[E] };
  /** Why an engine missing from `engines` cannot do it (a key of modes.unsupported); `needsAi` unless said. */
  unsupported?: { [E in EngineId]?: UnsupportedReason };
  /**
   * How the structure check scores its results: the whole photo against the result, or only outside the mask
   * (the brushed modes, whose inside is meant to change).
   */
  structure: "photo" | "outside-mask";
  /**
   * The AI marking (IPTC digital source type) of its results: the engine's (an AI engine's results are an AI
   * edit, the local engine's algorithmic), or always algorithmic (our own exact edits, whatever the engine).
   */
  marking: "engine" | "algorithmic";
  /** Offered in a listing's Generate (a whole-photo mode: no brush per photo). */
  listing: boolean;
  /**
   * What the photo must show for the mode to make sense, checked before anything is spent (a sky to replace):
   * a photo without it is refused with the reason `no<Thing>` (errors.reasons). A brushed mask stands in for it.
   */
  photoNeeds?: "sky";
  /**
   * The parameter that names a photo of the person's own to follow (an uploaded image's id): checked as theirs
   * and within its hour before anything is spent, its palette written into the brief, and sent along to the
   * engines that take reference images.
   */
  referencePhoto?: string;
  /** The room types it fits, when not all of them (a facade is an exterior). */
  roomTypes?: readonly string[];
  /**
   * The styles it offers, by style id (src/config/styles.ts, for their names and pictures), with its own words
   * for the prompt (a modern facade is not a modern living room); absent: every style, in its interior words.
   */
  styles?: Readonly<Record<string, string>>;
  /** What the page shows for it (components/design reads this; messages under modes.<page group>). */
  page: PageEntry;
  /**
   * The sentences that ask for it, for the AI engines; the prompt builder adds the person's words, the
   * creativity and the sentences about keeping the structure. Absent for modes no prompt reaches.
   */
  prompt?: (context: PromptContext) => string[];
};

export type UnsupportedReason = "needsAi" | "noWorkflow";

/** What the prompt of one edit knows: the room as the prompt names it, what it is furnished with, the style's words, the edit's parameters. */
export type PromptContext = {
  room: string;
  furnish: string;
  style?: { prompt: string };
  params: Record<string, unknown>;
};

/** A parameter the page asks for, generically: a choice among values (radios) or the person's words (a text field). */
export type PageField =
  | { field: string; kind: "choice"; values: readonly string[]; default: string }
  | { field: string; kind: "text"; max: number }
  /** A photo the person uploads (as any photo is), sent as its image's id. */
  | { field: string; kind: "photo" };

export type PageEntry = {
  /**
   * The page's radio it sits under: its own id, or a group of its own (a region is removed or replaced, a
   * surface painted or covered) whose bespoke panel picks among the group's modes.
   */
  group: string;
  /** Asked generically under the mode's radio; labels under design.fields.<mode>.<field>(.<value>). */
  fields?: readonly PageField[];
};

/**
 * How each engine is asked. Local: which of its own methods makes it. Fake (tests): the visible stand-in it
 * answers with. Replicate: the model (`configured` is REPLICATE_MODEL, with an instruction model when the person
 * adds words; `instruction` an instruction-editing model, one that takes references when there are some).
 * ComfyUI: the workflow. OpenAI: one images.edit, with the mask when there is one. `own`: made by our own code
 * on every engine, no engine called. `once`: the seed does not change its result, so it is made in one variation.
 */
export type EngineEntries = {
  local: { run: "restyle" | "fill" | "sky" | "own"; once?: true };
  fake: { standIn: FakeStandIn | "own"; once?: true };
  replicate: { model: "configured" | "instruction" | "own" | ReplicateModelId | ReplicateEditModelId; once?: true };
  openai: { edit: "images.edit" | "own"; once?: true };
  comfyui: { workflow: "workflow" | "inpaint" | "own"; once?: true };
};

/** What the fake engine answers in each mode: visible, checkable changes (its tests and the browser journeys read them). */
export type FakeStandIn =
  | "restyle"
  | "lower-third"
  | "grey"
  | "fill-surroundings"
  | "fill-text"
  | "fill-material"
  | "sky"
  | "reference"
  | { tint: string; amount: number; region: "all" | "upper-half" | "lower-half" };

/**
 * What a mode's module states: only what sets it apart. Left out, a mode makes one visualization per request
 * (`styled: false`), takes no mask, has no parameters of its own, costs 1 token, is scored on the whole photo
 * (outside the mask when a mask is required), carries the engine's AI marking and is not offered in listings.
 * `page` may be just the group's name. An engine named in `unsupported` is not asked, whatever `engines` says
 * (so a preset below can be taken minus one engine).
 */
export type ModeSpec<P extends Record<string, z.ZodType>> = Partial<Omit<ModeDefinition, "params" | "page">> &
  Pick<ModeDefinition, "engines"> & { params?: P; page: string | PageEntry };

/** A mode from its module's declaration, with the defaults of `ModeSpec` filled in. */
export function defineMode<const P extends Record<string, z.ZodType> = Record<never, z.ZodType>>(spec: ModeSpec<P>): ModeDefinition & { params: P } {
  const { page, params, engines, ...rest } = spec;
  const mask = spec.mask ?? "none";
  const asked = Object.fromEntries(Object.entries(engines).filter(([engine]) => !spec.unsupported?.[engine as EngineId])) as ModeDefinition["engines"];
  return {
    styled: false,
    tokens: 1,
    structure: mask === "required" ? "outside-mask" : "photo",
    marking: "engine",
    listing: false,
    ...rest,
    mask,
    params: params ?? ({} as P),
    engines: asked,
    page: typeof page === "string" ? { group: page } : page,
  };
}

/** The AI engines asked in words for a whole-photo edit: Replicate's instruction model, OpenAI's edit, ComfyUI's img2img workflow. */
export const byInstruction = {
  replicate: { model: "instruction" },
  openai: { edit: "images.edit" },
  comfyui: { workflow: "workflow" },
} as const satisfies ModeDefinition["engines"];

/** The AI engines asked to fill a brushed region: this Replicate model, OpenAI's edit with the mask, ComfyUI's inpainting workflow. */
export function byInpainting(model: ReplicateModelId | ReplicateEditModelId): ModeDefinition["engines"] {
  return { replicate: { model }, openai: { edit: "images.edit" }, comfyui: { workflow: "inpaint" } };
}

/** Our own exact code on every engine, no engine called: the same result whatever the seed. */
export const ownOnEveryEngine = {
  local: { run: "own", once: true },
  fake: { standIn: "own", once: true },
  replicate: { model: "own", once: true },
  openai: { edit: "own", once: true },
  comfyui: { workflow: "own", once: true },
} as const satisfies ModeDefinition["engines"];

/** The person's words on one line, without double quotes that would end the quotation, cut to `max` characters. */
export function ownWords(text: string, max: number): string {
  return [...text.replace(/["\u201c\u201d\u201e]/g, "'").replace(/\s+/g, " ").trim()].slice(0, max).join("").trim();
}
