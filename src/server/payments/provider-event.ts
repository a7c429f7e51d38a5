/**
 * A provider's notification, reduced to what billing acts on: which object changed. Billing never
 * trusts the payload; it reads the object again from the provider, so events may come in any order,
 * twice, or late. id is the provider's event id, used to skip replays.
 */
export type ProviderEvent = {
  id: string;
  object: "checkout" | "invoice" | "subscription" | "charge" | "dispute";
  objectId: string;
  /** The provider's own event type, for the log. */
  type: string;
};
