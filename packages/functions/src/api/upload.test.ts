import { describe, expect, it } from "vitest";
import { call, signedInUser, type TestUser } from "@quorum/local/testing";

// The smallest valid PNG (1x1 transparent pixel).
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

function logoForm(user: TestUser, data: Buffer, name = "logo.png", type = "image/png", category = "company-logo") {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(data)], { type }), name);
  form.append("category", category);
  form.append("userId", user.uid);
  return form;
}

describe("company logo upload", () => {
  it("stores an image and answers a short-lived URL that serves it; the profile keeps it", async () => {
    const user = await signedInUser();
    const res = await call(user, "POST", "/api/upload", logoForm(user, PNG));
    expect(res.status).toBe(200);
    expect(res.body.filePath).toMatch(new RegExp(`^users/${user.uid}/logo/.+\\.png$`));
    const image = await fetch(res.body.downloadUrl);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);

    await call(user, "PUT", `/api/users/${user.uid}`, { companyLogo: res.body.filePath });
    const profile = await call(user, "GET", `/api/users/${user.uid}`);
    expect(profile.body.companyLogo).toMatch(/^http.*X-Amz-Signature=/);
    expect((await fetch(profile.body.companyLogo)).status).toBe(200);
  });

  it("refuses a file that is not an image by its content, whatever its name says", async () => {
    const user = await signedInUser();
    const res = await call(user, "POST", "/api/upload", logoForm(user, Buffer.from("%PDF-1.4 not an image"), "logo.png", "image/png"));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("Please upload an image file");
  });

  it("refuses a logo of 5 MB or more", async () => {
    const user = await signedInUser();
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await call(user, "POST", "/api/upload", logoForm(user, big));
    expect(res.status).toBe(413);
    // Base64-encoded, 5 MB of file is over a Lambda's 6 MB request: as in AWS, the gateway
    // refuses it before the handler's own check (and its text) is reached.
    expect(res.body).toEqual({ message: "Request Entity Too Large" });
  });

  it("cannot point the profile at another user's files", async () => {
    const [ann, bob] = await Promise.all([signedInUser(), signedInUser()]);
    const annLogo = await call(ann, "POST", "/api/upload", logoForm(ann, PNG));
    await call(bob, "PUT", `/api/users/${bob.uid}`, { companyLogo: annLogo.body.filePath });
    expect((await call(bob, "GET", `/api/users/${bob.uid}`)).body.companyLogo).toBe("");
  });

  it("refuses an upload in another user's name", async () => {
    const [ann, bob] = await Promise.all([signedInUser(), signedInUser()]);
    const res = await call(bob, "POST", "/api/upload", logoForm(ann, PNG));
    expect(res.status).toBe(403);
  });
});
