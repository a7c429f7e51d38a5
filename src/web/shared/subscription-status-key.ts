/** The `account` message that describes a subscription: running, or cancelled (paid until the period ends). */
export function subscriptionStatusKey(state: { active: boolean; cancelled: boolean }): "subscriptionActive" | "subscriptionCancelled" {
  return state.active && !state.cancelled ? "subscriptionActive" : "subscriptionCancelled";
}
