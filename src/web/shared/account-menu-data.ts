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
  /** Where the person works (their own account or a team), the others to switch to, and the team page. */
  workspace: { current: string; switchTo: { teamId: string; label: string }[]; teamHref: string; teamLabel: string };
};
