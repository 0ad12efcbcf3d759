/**
 * Notifications: mail through Amazon SES from one verified identity, the support
 * address requests are mailed to, and what links in mails and pushes point at.
 * Per stage from the deployer's environment, e.g.
 * `MAIL_FROM="Quorum <no-reply@example.com>" SUPPORT_EMAIL=help@example.com SITE_URL=https://app.example.com npx sst deploy`.
 * The secrets (unsubscribe-link key, VAPID keys) are in secrets.ts.
 */

/** "Quorum <no-reply@example.com>" or a bare address. */
const mailFrom = process.env.MAIL_FROM || "Quorum <no-reply@quorum.app>";
/** The address inside MAIL_FROM. */
const senderAddress = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;

/**
 * The SES identity mail is sent as: the sender's whole domain by default (SES then
 * gives DKIM records to publish), or the single address with MAIL_IDENTITY=address
 * (SES mails it a verification link). A new account's SES is in the sandbox until
 * production access is granted in the console.
 */
export const mailIdentity = new aws.sesv2.EmailIdentity("MailIdentity", {
  emailIdentity: process.env.MAIL_IDENTITY === "address" ? senderAddress : senderAddress.split("@")[1]!,
});

/** Where support requests are mailed (each marked with its priority). */
export const supportEmail = process.env.SUPPORT_EMAIL || "support@quorum.app";

/** The settings of functions that mail or push (core/config.ts). */
export const mailSettings: Record<string, string> = {
  MAIL_TRANSPORT: "ses",
  MAIL_FROM: mailFrom,
  SUPPORT_EMAIL: supportEmail,
  ...(process.env.SITE_URL ? { SITE_URL: process.env.SITE_URL } : {}),
  ...(process.env.VAPID_SUBJECT ? { VAPID_SUBJECT: process.env.VAPID_SUBJECT } : {}),
};
