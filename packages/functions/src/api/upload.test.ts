import { describe, expect, it } from "vitest";
import { MAX_LOGO_BYTES } from "@quorum/core/user/schema";
import { call, postToPresigned, signedInUser, type TestUser } from "@quorum/local/testing";

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

describe("a company logo larger than one request carries", () => {
  /** A valid PNG padded to `size` bytes, as a large logo is. */
  const largePng = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]);

  it("goes to storage first and is checked where it landed: the profile keeps it", async () => {
    const user = await signedInUser();
    const file = largePng(4.8 * 1024 * 1024);
    const ticket = await call(user, "POST", "/api/upload/logo-url", { contentType: "image/png", size: file.length, userId: user.uid });
    expect(ticket.status, ticket.text).toBe(201);
    expect(ticket.body.filePath).toMatch(new RegExp(`^users/${user.uid}/logo/.+\\.png$`));
    expect(ticket.body.upload.maxBytes).toBe(MAX_LOGO_BYTES - 1);
    await postToPresigned(ticket.body.upload, "logo.png", "image/png", file);
    const confirmed = await call(user, "POST", "/api/upload/logo-confirm", { filePath: ticket.body.filePath });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(Buffer.from(await (await fetch(confirmed.body.downloadUrl)).arrayBuffer()).length).toBe(file.length);
    await call(user, "PUT", `/api/users/${user.uid}`, { companyLogo: confirmed.body.filePath });
    expect((await fetch((await call(user, "GET", `/api/users/${user.uid}`)).body.companyLogo)).status).toBe(200);
  });

  it("refuses what is not an image, and deletes it; refuses 5 MB before any upload", async () => {
    const user = await signedInUser();
    const ticket = await call(user, "POST", "/api/upload/logo-url", { contentType: "image/png", size: 5000 });
    await postToPresigned(ticket.body.upload, "logo.png", "image/png", Buffer.from("<svg onload=alert(1)>".padEnd(5000)));
    const refused = await call(user, "POST", "/api/upload/logo-confirm", { filePath: ticket.body.filePath });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: "Please upload an image file" });
    // deleted: confirming again finds nothing
    expect((await call(user, "POST", "/api/upload/logo-confirm", { filePath: ticket.body.filePath })).status).toBe(404);

    const big = await call(user, "POST", "/api/upload/logo-url", { contentType: "image/png", size: MAX_LOGO_BYTES });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ error: "Logo file must be less than 5MB" });
    const svg = await call(user, "POST", "/api/upload/logo-url", { contentType: "image/svg+xml", size: 100 });
    expect(svg.status).toBe(400);
    expect(svg.body).toEqual({ error: "Please upload an image file" });
  });

  it("another user's upload cannot be confirmed", async () => {
    const [ann, bob] = await Promise.all([signedInUser(), signedInUser()]);
    const ticket = await call(ann, "POST", "/api/upload/logo-url", { contentType: "image/png", size: PNG.length });
    await postToPresigned(ticket.body.upload, "logo.png", "image/png", PNG);
    expect((await call(bob, "POST", "/api/upload/logo-confirm", { filePath: ticket.body.filePath })).status).toBe(404);
    expect((await call(ann, "POST", "/api/upload/logo-confirm", { filePath: ticket.body.filePath })).status).toBe(200);
  });
});
