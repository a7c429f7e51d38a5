/** What a result's manifest states about it, and what the check page reads back (src/server/provenance). */
export type ProvenanceFacts = {
  /** The result's proof id: the watermark's payload and the proof page's address (/sprawdz/<id>). */
  proofId: string;
  /** A trained model changed the photo (compositeWithTrainedAlgorithmicMedia), or an algorithm without one did. */
  ai: boolean;
  mode: string;
  styleId: string | null;
  engine: string;
  model: string | null;
  /** SHA-256 of the original photo's stored bytes (hex): the parent ingredient, by hash, without its pixels. */
  originalSha256: string | null;
  /** The structure check's score (0..1) and findings; null while the check has not run. */
  structure: { score: number; findings?: unknown } | null;
  createdAt: Date;
};

/** Labels of our own assertions (reverse domain, as C2PA 2.1 §6.2 asks of custom assertions). */
export const ASSERTION = { visualization: "pl.aranzer.visualization", structure: "pl.aranzer.structure-check" } as const;

/** IPTC NewsCodes "Digital Source Type" (https://cv.iptc.org/newscodes/digitalsourcetype/), as the XMP states it. */
export const SOURCE_TYPE = {
  ai: "http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia",
  algorithmic: "http://cv.iptc.org/newscodes/digitalsourcetype/algorithmicallyEnhanced",
} as const;
