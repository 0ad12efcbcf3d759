import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { call, customerWithContact, signedInUser, webUrl, type TestUser } from "@quorum/local/testing";
import { browserForTests } from "../shell/browser";
import { CONTACT, CUSTOMER, PROJECT, workspaceAccount } from "./workspace";

/**
 * Each section of a project has its own address, reachable by link and by typing it, and the
 * back button walks back through the sections visited; deleting a contact asks first. Each
 * test signs in as an account of its own that holds what it looks at.
 */
describe("project sections as addresses, and confirmations before deleting", () => {
  const browser = browserForTests();
  let page: Page;

  /** A page signed in as `user`, at `path`. */
  async function open(user: TestUser, path: string) {
    ({ page } = await browser.signedInAs(user, path));
  }

  /** A new account with a customer and its contact. */
  async function customerAccount() {
    const user = await signedInUser();
    await customerWithContact(user);
    return user;
  }

  const path = () => new URL(page.url()).pathname;
  const sections = () => page.getByRole("navigation", { name: "Project sections" });
  const current = async () => (await sections().locator('[aria-current="page"]').innerText()).trim();

  it("opens Documents and Quotes at their own addresses, and the back button walks back through them", { timeout: 240_000 }, async () => {
    const { user, workspace } = await workspaceAccount();
    const base = `/projects/${workspace.projectId}`;
    await open(user, base);
    await page.getByRole("heading", { level: 1, name: PROJECT }).waitFor();
    expect(await current()).toBe("Overview");

    await sections().getByRole("link", { name: "Documents" }).click();
    await expect.poll(path).toBe(`${base}/documents`);
    await page.getByTestId("document-row").first().waitFor();
    expect(await current()).toBe("Documents");

    await sections().getByRole("link", { name: "Quotes" }).click();
    await expect.poll(path).toBe(`${base}/quotes`);
    await page.getByTestId("quote-row").first().waitFor();

    await page.goBack();
    await expect.poll(path).toBe(`${base}/documents`);
    await page.getByTestId("document-row").first().waitFor();
    expect(await current()).toBe("Documents");
    await page.goBack();
    await expect.poll(path).toBe(base);
    await page.getByRole("heading", { name: "Project Address" }).waitFor();
    await page.goForward();
    await expect.poll(path).toBe(`${base}/documents`);

    // typed or bookmarked, the address opens its section directly
    await page.goto(new URL(`${base}/documents`, webUrl()).href);
    await page.getByRole("heading", { level: 2, name: "Documents" }).waitFor();
    expect(await current()).toBe("Documents");
  });

  it("asks before deleting a contact, and keeps it when the person cancels", { timeout: 60_000 }, async () => {
    const user = await customerAccount();
    await open(user, "/customers");
    await page.getByRole("tab", { name: "Contacts" }).click();
    const card = page.getByTestId("contact-card").filter({ hasText: CONTACT });
    await card.getByRole("button", { name: `Delete ${CONTACT}` }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete Contact" });
    await dialog.getByText(`Are you sure you want to delete ${CONTACT}? This action cannot be undone.`).waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect((await call(user, "GET", `/api/contacts?userId=${user.uid}`)).body.contacts).toHaveLength(1);

    await card.getByRole("button", { name: `Delete ${CONTACT}` }).click();
    await dialog.getByRole("button", { name: "Delete Contact" }).click();
    await page.getByText("Contact deleted successfully", { exact: true }).first().waitFor();
    await card.waitFor({ state: "detached" });
    expect((await call(user, "GET", `/api/contacts?userId=${user.uid}`)).body.contacts).toHaveLength(0);
  });

  it("asks before deleting a customer, and keeps it when the person cancels", { timeout: 60_000 }, async () => {
    const user = await customerAccount();
    await open(user, "/customers");
    await page.getByRole("tab", { name: "Customers" }).click();
    await page.getByRole("button", { name: `Delete ${CUSTOMER}` }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete Customer" });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByTestId("customer-card").filter({ hasText: CUSTOMER }).waitFor();
    expect((await call(user, "GET", `/api/customers?userId=${user.uid}`)).body.customers).toHaveLength(1);
  });
});
