import { execFileSync } from "node:child_process";
import { createECDH, randomBytes, randomInt } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInUser, type TestUser } from "@quorum/local/testing";
import { Actor } from "../actor";
import { config, resetConfig } from "../config";
import { DocumentEntity } from "../document/entity";
import { ProjectEntity } from "../project/entity";
import { Settings } from "../settings/index";
import { Notify } from "./index";
import { PushSubscriptionEntity } from "./entity";
import { PUSH_SERVICE_REFUSED, PUSH_TIMEOUT_MS } from "./limits";
import { Push } from "./push";

// web-push's own decryption library (RFC 8188), to read what a browser would read.
const ece = createRequire(import.meta.url)("http_ece") as {
  decrypt(buffer: Buffer, params: { version: string; privateKey: ReturnType<typeof createECDH>; authSecret: Buffer }): Buffer;
};

/** A push service (what browsers' vendors run) over HTTPS with a self-signed certificate. */
let server: Server;
let base: string;
let folder: string;
const received: { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer }[] = [];
let answerStatus = 201;
/** How the fake service answers: at once, never, or headers then a body that does not end. */
let behaviour: "answer" | "silent" | "endless" = "answer";

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "quorum-push-"));
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1"].concat([
      "-keyout",
      join(folder, "key.pem"),
      "-out",
      join(folder, "cert.pem"),
    ]),
    { stdio: "ignore" },
  );
  server = createServer({ key: readFileSync(join(folder, "key.pem")), cert: readFileSync(join(folder, "cert.pem")) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      if (behaviour === "silent") return;
      if (behaviour === "answer") return void res.writeHead(answerStatus).end();
      res.writeHead(answerStatus);
      const flood = setInterval(() => res.write(Buffer.alloc(64 * 1024, 120)), 5);
      res.on("close", () => clearInterval(flood));
      setTimeout(() => res.destroy(), 20_000);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The fake service's certificate is self-signed: this test worker alone trusts it.
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
  // The fake service stands in for a browser vendor's: this worker lets subscriptions point at it.
  process.env.PUSH_SERVICE_HOSTS = "127.0.0.1";
  resetConfig();
});
afterAll(() => {
  server?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** A browser's subscription: its own key pair and auth secret, as PushManager makes them. */
async function subscribedBrowser(user: TestUser) {
  const keys = createECDH("prime256v1");
  keys.generateKeys();
  const authSecret = randomBytes(16);
  const endpoint = `${base}/push/${randomBytes(8).toString("hex")}`;
  await Actor.provide({ userId: user.uid }, async () => {
    await Settings.save(user.uid, { notifications: { push: true } });
    await Push.subscribe({ endpoint, keys: { p256dh: keys.getPublicKey().toString("base64url"), auth: authSecret.toString("base64url") } });
  });
  return {
    endpoint,
    read: (body: Buffer) => JSON.parse(ece.decrypt(body, { version: "aes128gcm", privateKey: keys, authSecret }).toString("utf8")),
  };
}

async function readyDocument(user: TestUser) {
  const projectId = 800_000_000 + randomInt(1, 99_999_999);
  const id = 800_000_000 + randomInt(1, 99_999_999);
  await ProjectEntity.create({ id: projectId, userId: user.uid, name: "Harbor" }).go();
  await DocumentEntity.create({
    id,
    projectId,
    userId: user.uid,
    fileName: "quote.pdf",
    fileType: "application/pdf",
    storageKey: `uploads/${user.uid}/${id}/quote.pdf`,
    documentCategory: "vendor-quotes",
    processingStatus: "completed",
  }).go();
  return { id, projectId };
}

describe("Web Push (web-push against a push service over HTTPS)", () => {
  it("a ready document is pushed, signed with the server's VAPID key and encrypted for that browser alone", async () => {
    const user = await signedInUser();
    const browser = await subscribedBrowser(user);
    const { id, projectId } = await readyDocument(user);
    await Notify.documentProcessed(id);

    const push = received.find((r) => browser.endpoint.endsWith(r.path))!;
    expect(push.headers["content-encoding"]).toBe("aes128gcm");
    expect(push.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${config().VAPID_PUBLIC_KEY}$`));
    expect(browser.read(push.body)).toEqual({
      title: "Document ready",
      body: "“quote.pdf” has been processed.",
      url: `${Notify.siteUrl()}/projects/${projectId}`,
      tag: `document-${id}`,
    });
  });

  it("a long answer is pushed; a quick one is not (the open tab shows it)", async () => {
    const user = await signedInUser();
    const browser = await subscribedBrowser(user);
    const pushes = () => received.filter((r) => browser.endpoint.endsWith(r.path));
    await Notify.answerReady({ userId: user.uid, conversationId: "c-quick", listType: "general", title: "Quick", startedAt: Date.now() });
    expect(pushes()).toHaveLength(0);
    await Notify.answerReady({
      userId: user.uid,
      conversationId: "c-long",
      listType: "general",
      title: "Steel prices",
      startedAt: Date.now() - 60_000,
    });
    expect(browser.read(pushes()[0]!.body)).toMatchObject({
      title: "Your answer is ready",
      body: "The answer in “Steel prices” is complete.",
    });
  });

  it("a subscription the push service says is gone (410) is forgotten", async () => {
    const user = await signedInUser();
    await subscribedBrowser(user);
    answerStatus = 410;
    try {
      await Notify.documentProcessed((await readyDocument(user)).id);
    } finally {
      answerStatus = 201;
    }
    expect((await PushSubscriptionEntity.query.primary({ userId: user.uid }).go()).data).toEqual([]);
  });

  /** Sends one push to a new subscribed user while the fake service behaves as asked; how many went, and how long it took. */
  async function sendWhile(mode: typeof behaviour) {
    const user = await signedInUser();
    await subscribedBrowser(user);
    behaviour = mode;
    try {
      const started = Date.now();
      const sent = await Push.send(user.uid, { title: "t", body: "b", url: "/", tag: mode });
      return { sent, ms: Date.now() - started };
    } finally {
      behaviour = "answer";
    }
  }

  it("a push service that does not answer is given up on after PUSH_TIMEOUT_MS", async () => {
    const { sent, ms } = await sendWhile("silent");
    expect(sent).toBe(0);
    expect(ms).toBeGreaterThanOrEqual(PUSH_TIMEOUT_MS - 100);
    expect(ms).toBeLessThan(PUSH_TIMEOUT_MS + 3_000);
  }, 30_000);

  it("a reply's body is not read: a service that streams without end does not hold the sender", async () => {
    const { sent, ms } = await sendWhile("endless");
    expect(sent).toBe(1);
    expect(ms).toBeLessThan(3_000);
  });

  it("a subscription to any other host is refused, and so is sending to one stored before the rule", async () => {
    const user = await signedInUser();
    const subscribe = Actor.provide({ userId: user.uid }, () =>
      Push.subscribe({ endpoint: "https://169.254.169.254/latest/meta-data", keys: { p256dh: "x", auth: "y" } }),
    );
    await expect(subscribe).rejects.toThrow(PUSH_SERVICE_REFUSED);
    await PushSubscriptionEntity.create({
      userId: user.uid,
      endpointHash: "old",
      endpoint: "https://example.org/hook",
      p256dh: "x",
      auth: "y",
    }).go();
    const before = received.length;
    expect(await Push.send(user.uid, { title: "t", body: "b", url: "/", tag: "old" })).toBe(0);
    expect(received.length).toBe(before);
  });
});
