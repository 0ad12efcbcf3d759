/**
 * Which SES identity mail is sent as, and which stage owns it: plain data from the deployer's
 * settings (no SST globals), so infra/mail.test.ts checks it.
 *
 * SES holds one identity per address or domain in an account and region. Were every stage to
 * create it, a second stage in the account could not deploy, and removing a developer's stage
 * (`removal: "remove"`) would delete the identity production sends from. So one stage creates it
 * (MAIL_IDENTITY_STAGE, production by default) and every other stage only refers to it.
 */

export interface MailSettings {
  /** "Quorum <no-reply@example.com>" or a bare address. */
  from: string;
  /** The identity's name in SES: the sender's domain, or the address itself. */
  identity: string;
  /** Whether this stage creates the identity (the others refer to it by name). */
  ownsIdentity: boolean;
  ownerStage: string;
}

export function mailSettingsFor(env: Record<string, string | undefined>, stage: string): MailSettings {
  const from = env.MAIL_FROM || "Quorum <no-reply@quorum.app>";
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  // the whole domain by default (SES gives DKIM records to publish); MAIL_IDENTITY=address verifies one address by mail
  const identity = env.MAIL_IDENTITY === "address" ? address : address.split("@")[1]!;
  const ownerStage = env.MAIL_IDENTITY_STAGE || "production";
  return { from, identity, ownsIdentity: stage === ownerStage, ownerStage };
}

/** The functions whose work links to the site: mails, pushes, the unsubscribe page, Stripe's way back, Salesforce's OAuth callback. */
const LINKING_ACCESS = ["mail", "unsubscribe", "push", "stripe", "salesforce"];

/**
 * SITE_URL of a function: the deployer's (a custom domain), else the Router's own address, so no
 * mail fails for want of it; none for a function that links nowhere.
 */
export function siteUrlFor<T>(
  access: readonly string[],
  deployerSiteUrl: string | undefined,
  routerUrl: T | undefined,
): string | T | undefined {
  if (!LINKING_ACCESS.some((a) => access.includes(a))) return undefined;
  return deployerSiteUrl || routerUrl;
}
