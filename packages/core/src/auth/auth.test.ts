import { describe, expect, it } from "vitest";
import { ConfigSchema } from "../config";
import { Auth } from "./index";
import { createUser, verifyAddress } from "@quorum/local/testing";

const localConfig = () => ConfigSchema.parse(process.env);
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
function unsignedToken(claims: Record<string, unknown>) {
  return `${b64({ alg: "none", typ: "JWT" })}.${b64(claims)}.`;
}
const validClaims = (uid: string, projectId = "demo-quorum") => ({
  iss: `https://securetoken.google.com/${projectId}`,
  aud: projectId,
  sub: uid,
  user_id: uid,
  iat: Math.floor(Date.now() / 1000),
  exp: Math.floor(Date.now() / 1000) + 3600,
});

describe("identity", () => {
  it("accepts an emulator token of a real account in the local stage", async () => {
    const user = await createUser();
    const verified = await Auth.verify(`Bearer ${user.token}`, localConfig());
    expect(verified.userId).toBe(user.uid);
    expect(verified.email).toBe(user.email);
  });

  it("says whether the address is verified from the account, never from a claim a caller wrote", async () => {
    const user = await createUser();
    expect((await Auth.verify(`Bearer ${user.token}`, localConfig())).emailVerified).toBe(false);
    const claims = JSON.parse(Buffer.from(user.token.split(".")[1]!, "base64url").toString());
    // A name too: emulator tokens are unsigned, so the very claims of a verified account's token would be that token.
    const forged = unsignedToken({ ...claims, email_verified: true, name: "Forger" });
    expect(
      await Auth.verify(`Bearer ${forged}`, localConfig()).then(
        (u) => u.emailVerified,
        () => false,
      ),
    ).toBe(false);
    const verified = await verifyAddress(user);
    expect((await Auth.verify(`Bearer ${verified.token}`, localConfig())).emailVerified).toBe(true);
  });

  it("refuses a missing or malformed header", async () => {
    await expect(Auth.verify(undefined, localConfig())).rejects.toMatchObject({ status: 401 });
    await expect(Auth.verify("Basic abc", localConfig())).rejects.toMatchObject({ status: 401 });
    await expect(Auth.verify("Bearer not-a-jwt", localConfig())).rejects.toMatchObject({ status: 401 });
  });

  it("refuses a forged token for an account the emulator does not know", async () => {
    const forged = unsignedToken(validClaims("no-such-user"));
    await expect(Auth.verify(`Bearer ${forged}`, localConfig())).rejects.toMatchObject({ status: 401 });
  });

  it("refuses a forged token that claims a real account's uid with altered claims", async () => {
    const user = await createUser();
    const [, payload] = user.token.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
    const forged = unsignedToken({ ...claims, email: "attacker@example.com", sub: "someone-else", user_id: "someone-else" });
    await expect(Auth.verify(`Bearer ${forged}`, localConfig())).rejects.toMatchObject({ status: 401 });
  });

  it("refuses an expired token", async () => {
    const user = await createUser();
    const expired = unsignedToken({ ...validClaims(user.uid), iat: 1_600_000_000, exp: 1_600_003_600 });
    await expect(Auth.verify(`Bearer ${expired}`, localConfig())).rejects.toMatchObject({ status: 401, message: "Token expired" });
  });

  it("refuses a token for another project", async () => {
    const user = await createUser();
    const other = unsignedToken(validClaims(user.uid, "demo-other"));
    await expect(Auth.verify(`Bearer ${other}`, localConfig())).rejects.toMatchObject({ status: 401 });
  });

  it("refuses emulator tokens outside a local stage", async () => {
    const user = await createUser();
    const deployed = { ...localConfig(), STAGE: "production" };
    await expect(Auth.verify(`Bearer ${user.token}`, deployed)).rejects.toMatchObject({ status: 401 });
  });

  it("refuses emulator tokens when the emulator setting is off", async () => {
    const user = await createUser();
    await expect(Auth.verify(`Bearer ${user.token}`, { ...localConfig(), AUTH_EMULATOR: false })).rejects.toMatchObject({ status: 401 });
  });

  it("refuses emulator tokens for a project that is not a demo- project", async () => {
    const user = await createUser();
    await expect(Auth.verify(`Bearer ${user.token}`, { ...localConfig(), FIREBASE_PROJECT_ID: "quorum-prod" })).rejects.toMatchObject({
      status: 401,
    });
  });

  it("refuses emulator tokens when the emulator host is not loopback", async () => {
    const user = await createUser();
    const remote = { ...localConfig(), FIREBASE_AUTH_EMULATOR_HOST: "10.0.0.5:9099" };
    await expect(Auth.verify(`Bearer ${user.token}`, remote)).rejects.toMatchObject({ status: 401 });
  });
});
