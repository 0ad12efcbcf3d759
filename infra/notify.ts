import { mailSettingsFor } from "./mail";

/**
 * Notifications: mail through Amazon SES from one verified identity, the support
 * address requests are mailed to, and what links in mails and pushes point at.
 * Per stage from the deployer's environment, e.g.
 * `MAIL_FROM="Quorum <no-reply@example.com>" SUPPORT_EMAIL=help@example.com npx sst deploy`.
 * Links lead to SITE_URL, by default the Router's address (infra/permissions.ts).
 * The secrets (unsubscribe-link key, VAPID keys) are in secrets.ts.
 */
const mail = mailSettingsFor(process.env, $app.stage);

/**
 * The SES identity: created by its owner stage (see infra/mail.ts), referred to by its ARN in
 * every other stage of the account, which may then send as it once the owner has verified it.
 * A new account's SES is in the sandbox until production access is granted (README, "Deploy").
 */
const identityArn = mail.ownsIdentity
  ? new aws.sesv2.EmailIdentity("MailIdentity", { emailIdentity: mail.identity }).arn
  : $interpolate`arn:aws:ses:${aws.getRegionOutput().name}:${aws.getCallerIdentityOutput().accountId}:identity/${mail.identity}`;

export const mailIdentity = { arn: identityArn };

/** Where support requests are mailed (each marked with its priority). */
export const supportEmail = process.env.SUPPORT_EMAIL || "support@quorum.app";

/** The settings of functions that mail or push (core/config.ts). */
export const mailSettings: Record<string, string> = {
  MAIL_TRANSPORT: "ses",
  MAIL_FROM: mail.from,
  SUPPORT_EMAIL: supportEmail,
  ...(process.env.VAPID_SUBJECT ? { VAPID_SUBJECT: process.env.VAPID_SUBJECT } : {}),
};
