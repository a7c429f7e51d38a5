/** What the header's account menu (and the phone menu) shows, as ready strings from the server. */
export type AccountMenuData = {
  email: string;
  subscriptionActive: boolean;
  subscriptionLabel: string;
  tokensLabel: string;
  pricingHref: string;
  profileHref: string;
  /** Only for comment moderators (ADMIN_EMAILS): their queue. */
  moderation: { label: string; href: string } | null;
  loginHref: string;
  homeHref: string;
  labels: { menuLabel: string; activeSubscriber: string; profile: string; logout: string };
  /** The accounts the person can work in (their own: teamId ""; their teams), the one they work in now marked, and the team page. */
  workspace: { label: string; accounts: { teamId: string; label: string; active: boolean }[]; teamHref: string; teamLabel: string };
};
