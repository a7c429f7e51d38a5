import { DATA_LAYER, consentSignals } from "@/config/consent";

/**
 * Runs in <head> before anything can reach the data layer: Consent Mode v2 starts with every signal
 * denied, and a stored grant is applied at once, so events pushed before Tag Manager loads (the sign-up)
 * are read under the visitor's answer. It also defines `gtag`, which the consent components call later.
 * Inlined as text with the request's nonce; it must stay self-contained.
 */
export function consentModeScript(options: { analytics: boolean }): string {
  const layer = JSON.stringify(DATA_LAYER);
  const commands = [
    `gtag("consent","default",${JSON.stringify({ ...consentSignals(false), wait_for_update: 500 })})`,
    ...(options.analytics ? [`gtag("consent","update",${JSON.stringify(consentSignals(true))})`] : []),
  ];
  // gtag must push the arguments object itself: Tag Manager ignores consent commands pushed as arrays.
  return `(()=>{const l=window[${layer}]=window[${layer}]||[];const gtag=window.gtag=function(){l.push(arguments)};${commands.join(";")}})()`;
}
