/** Public facts about the site shown in the footer, legal pages and metadata. */
export const site = {
  name: "Aranżer",
  /** Where the docs explain how to switch from the local preview engine to a real AI provider. */
  enginesDocs: "https://github.com/aranzer/aranzer/blob/main/docs/engines.md",
  social: [
    { id: "instagram", href: "https://www.instagram.com/aranzer.pl" },
    { id: "facebook", href: "https://www.facebook.com/aranzer.pl" },
    { id: "linkedin", href: "https://www.linkedin.com/company/aranzer" },
  ],
} as const;
