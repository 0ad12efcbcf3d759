import { generateKeyPairSync, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The local stack's notification secrets (in AWS: SST secrets): the key that signs
 * unsubscribe links and a VAPID key pair for Web Push. Made once and kept in the
 * data folder, so links in old mails and browsers' push subscriptions keep
 * working across restarts; made per run when nothing is kept.
 */
export function notifySecrets(dataDir: string | undefined): Record<string, string> {
  const file = dataDir && join(dataDir, "notify-keys.json");
  if (file && existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const pub = publicKey.export({ format: "jwk" });
  const priv = privateKey.export({ format: "jwk" });
  // Web Push wants the uncompressed point (0x04 | x | y) and the private scalar, base64url.
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(pub.x!, "base64url"), Buffer.from(pub.y!, "base64url")]);
  const secrets = {
    NOTIFY_SIGNING_SECRET: randomBytes(32).toString("base64url"),
    VAPID_PUBLIC_KEY: point.toString("base64url"),
    VAPID_PRIVATE_KEY: priv.d!,
  };
  if (file) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}
