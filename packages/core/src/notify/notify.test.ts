import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { randomInt, randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { mailsTo, signedInUser, waitForMail, type TestUser } from "@quorum/local/testing";
import { Actor } from "../actor";
import { resetConfig } from "../config";
import { DocumentEntity } from "../document/entity";
import { ProjectEntity } from "../project/entity";
import { Settings } from "../settings/index";
import { composeMail } from "./email";
import { InApp } from "./inbox";
import { Notify } from "./index";
import { Mailer } from "./mailer";

const address = () => `notify-${randomUUID().slice(0, 8)}@example.com`;

/** A project with one processed document of `user`, as the pipeline leaves it. */
async function processedDocument(user: TestUser, fileName: string, status: "completed" | "failed", failureReason?: string) {
  const projectId = 900_000_000 + randomInt(1, 99_999_999);
  const id = 900_000_000 + randomInt(1, 99_999_999);
  await ProjectEntity.create({ id: projectId, userId: user.uid, name: "Harbor <Expansion>" }).go();
  await DocumentEntity.create({
    id,
    projectId,
    userId: user.uid,
    fileName,
    fileType: "application/pdf",
    storageKey: `uploads/${user.uid}/${id}/${fileName}`,
    documentCategory: "vendor-quotes",
    processingStatus: status,
    failureReason,
  } as Parameters<typeof DocumentEntity.create>[0]).go();
  return { id, projectId };
}

const saveSettings = (user: TestUser, input: Settings.Input) => Actor.provide({ userId: user.uid }, () => Settings.save(user.uid, input));

describe("mail through the local mail catcher (SMTP)", () => {
  it("a mail arrives with its text, its HTML and a one-click unsubscribe header", async () => {
    const to = address();
    await Mailer.send({
      ...composeMail({
        language: "en",
        to,
        subject: "paymentSucceededSubject",
        paragraphs: ["paymentSucceededBody"],
        values: { amount: "$50.00" },
        unsubscribeUrl: "http://site/u?token=x",
      }),
    });
    const [mail] = await mailsTo(to);
    expect(mail!.subject).toBe("Payment received: thank you");
    expect(mail!.text).toContain("We received your payment of $50.00 for Quorum Professional.");
    expect(mail!.html).toContain("<p>We received your payment of $50.00 for Quorum Professional. Your plan stays active.</p>");
    expect(mail!.headers["list-unsubscribe"]).toBe("<http://site/u?token=x>");
    expect(mail!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  });

  it("a finished document is mailed to its owner, names escaped in the HTML, with a working project link", async () => {
    const user = await signedInUser({ displayName: "Dana Buyer", verified: true });
    const { id, projectId } = await processedDocument(user, "<img src=x onerror=alert(1)>.pdf", "completed");
    await Notify.documentProcessed(id);
    const mail = await waitForMail(user.email);
    expect(mail.subject).toBe("“<img src=x onerror=alert(1)>.pdf” is ready");
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).toContain("&lt;img src=x onerror=alert(1)&gt;.pdf");
    expect(mail.html).toContain("Harbor &lt;Expansion&gt;");
    expect(mail.text).toContain(`Open the project: ${Notify.siteUrl()}/projects/${projectId}`);
    expect(mail.text).toContain("/api/notify/unsubscribe?token=");
  });

  it("a failed document's mail says why, in the user's language", async () => {
    const user = await signedInUser({ verified: true });
    await saveSettings(user, { preferences: { language: "fr" } });
    const { id } = await processedDocument(user, "devis.pdf", "failed", "The file is not a PDF.");
    await Notify.documentProcessed(id);
    const mail = await waitForMail(user.email);
    expect(mail.subject).toBe("« devis.pdf » n’a pas pu être traité");
    expect(mail.text).toContain("n’a pas pu être traité : The file is not a PDF.");
    expect(mail.text).toContain("Se désabonner de ces e-mails");
  });

  it("with the email switch off no mail is sent, and the in-app notification is still recorded", async () => {
    const user = await signedInUser({ verified: true });
    await saveSettings(user, { notifications: { email: false } });
    const { id } = await processedDocument(user, "quote.pdf", "completed");
    const before = new Date(Date.now() - 1000).toISOString();
    await Notify.documentProcessed(id);
    const recorded = await Actor.provide({ userId: user.uid }, () => InApp.since(before));
    expect(recorded.notifications).toMatchObject([{ kind: "document-ready", documentId: id, documentName: "quote.pdf" }]);
    expect(await mailsTo(user.email)).toEqual([]);
  });

  it("with chat notifications off no in-app notification is recorded", async () => {
    const user = await signedInUser({ verified: true });
    await saveSettings(user, { notifications: { chat: false } });
    const { id } = await processedDocument(user, "quote.pdf", "completed");
    const before = new Date(Date.now() - 1000).toISOString();
    await Notify.documentProcessed(id);
    await waitForMail(user.email);
    expect((await Actor.provide({ userId: user.uid }, () => InApp.since(before))).notifications).toEqual([]);
  });

  it("payments are mailed with the amount in the user's currency format", async () => {
    const user = await signedInUser({ verified: true });
    await saveSettings(user, { preferences: { language: "de" } });
    await Notify.payment(user.uid, "failed", 5000, "usd");
    const mail = await waitForMail(user.email);
    expect(mail.subject).toBe("Ihre Zahlung ist fehlgeschlagen");
    expect(mail.text).toMatch(/Wir konnten 50,00\s\$ für Quorum Professional nicht abbuchen\./);
  });
});

describe("mail through Amazon SES (the real SESv2 client against a local endpoint)", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetConfig();
    Mailer.reset();
  });

  it("sends one SendEmail call with subject, both bodies, the sender and the unsubscribe headers", async () => {
    const calls: { path: string; auth: string; body: any }[] = [];
    const server = createServer((req, res) => {
      let data = "";
      req.on("data", (chunk: Buffer) => (data += chunk.toString("utf8")));
      req.on("end", () => {
        calls.push({ path: req.url ?? "", auth: String(req.headers.authorization ?? ""), body: JSON.parse(data) });
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ MessageId: "0100018c-test" }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      Object.assign(process.env, {
        MAIL_TRANSPORT: "ses",
        SES_ENDPOINT: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        MAIL_FROM: "Quorum <no-reply@quorum.test>",
      });
      resetConfig();
      Mailer.reset();
      expect(Mailer.transport()).toBe("ses");
      await Mailer.send({
        ...composeMail({
          language: "es",
          to: "ana@example.com",
          subject: "documentReadySubject",
          paragraphs: ["documentReadyBody"],
          values: { document: "a.pdf", project: "P" },
          unsubscribeUrl: "https://app/u?token=t",
        }),
      });
      expect(calls).toHaveLength(1);
      expect(calls[0]!.path).toBe("/v2/email/outbound-emails");
      expect(calls[0]!.auth).toMatch(/^AWS4-HMAC-SHA256 Credential=.+\/ses\/aws4_request/);
      const body = calls[0]!.body;
      expect(body.FromEmailAddress).toBe("Quorum <no-reply@quorum.test>");
      expect(body.Destination.ToAddresses).toEqual(["ana@example.com"]);
      expect(body.Content.Simple.Subject).toEqual({ Data: "«a.pdf» está listo", Charset: "UTF-8" });
      expect(body.Content.Simple.Body.Text.Data).toContain("«a.pdf» del proyecto «P» se ha procesado.");
      expect(body.Content.Simple.Body.Html.Data).toContain('<html lang="es">');
      expect(body.Content.Simple.Headers).toEqual([
        { Name: "List-Unsubscribe", Value: "<https://app/u?token=t>" },
        { Name: "List-Unsubscribe-Post", Value: "List-Unsubscribe=One-Click" },
      ]);
    } finally {
      server.close();
    }
  });
});
