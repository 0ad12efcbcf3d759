import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * Tokens kept at rest are sealed with AES-256-GCM under a key of the deployment's
 * (a secret), so a copy of the table alone opens nothing: "v1.<iv>.<tag>.<ciphertext>".
 */
export function seal(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), sealed.toString("base64url")].join(".");
}

export function open(value: string, key: Buffer): string {
  const [version, iv, tag, sealed] = value.split(".");
  if (version !== "v1" || !iv || !tag || sealed === undefined) throw new Error("Not a sealed value");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
}

/** The key from its setting (32 bytes, base64); undefined when it is missing or the wrong size. */
export function tokenKey(setting: string | undefined): Buffer | undefined {
  if (!setting) return undefined;
  const key = Buffer.from(setting, "base64");
  return key.length === 32 ? key : undefined;
}
