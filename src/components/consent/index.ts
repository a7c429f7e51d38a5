export { Consent, CookieSettingsButton } from "./lazy";
export { consentLabels } from "./consent-labels";
export { consentModeScript } from "./consent-mode-script";
