/**
 * What a person can ask of a photo: the registry of modes (src/config/modes/, one module per mode) and the
 * limits every mode shares. Names are under `modes.*` in messages/*.json.
 */
export * from "./modes/limits";
export { editModes, isEditMode, isMaskedMode, isStyledMode, listingModes, modeOf, modes, modeStyles, roomFits, tokenCost, visualizationCount, type EditMode } from "./modes";
