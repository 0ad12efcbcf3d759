import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { ACME, addProject, createUser, customerWithContact, editProject, signedInUser, type TestUser } from "@quorum/local/testing";
import { browserForTests } from "../shell/browser";

/**
 * A person keeps a customer with a contact, links them to a project, and sees the
 * project card fall back to 'Customer ID: ...' once the customer is deleted. Each
 * step starts from an account of its own, arranged through the API.
 */
describe("customers and projects in the browser", () => {
  const browser = browserForTests();
  let page: Page;

  /** A new account that has what `arrange` made, signed in, on `path`. */
  async function open(path: string, arrange: (user: TestUser) => Promise<unknown> = async () => {}) {
    const user = await signedInUser();
    await arrange(user);
    ({ page } = await browser.signedInAs(user, path));
  }

  const toast = (text: string) => page.getByText(text, { exact: true }).first().waitFor();

  async function choose(label: string, option: string) {
    await page.getByLabel(label, { exact: true }).click();
    await page.getByRole("option", { name: option, exact: true }).click();
  }

  it("signs in from the customer screen and finds no customers yet", { timeout: 60_000 }, async () => {
    // An identity Quorum has not met: the sign-in from this screen is its first.
    const user = await createUser();
    ({ page } = await browser.openApp("/customers"));
    await page.getByRole("heading", { name: "Access Denied" }).waitFor();
    await page.getByText("Please log in to access the customer management system.").waitFor();
    await page.getByRole("main").getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByLabel("Email", { exact: true }).fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign In / Sign Up" }).click();
    await page.getByRole("heading", { name: "Customer Management" }).waitFor({ timeout: 30_000 });
    await page.getByText('No customers found. Click "Add Customer" to create your first customer.').waitFor();
  });

  it("creates a customer and a contact for it", { timeout: 60_000 }, async () => {
    await open("/customers");
    await page.getByText('No customers found. Click "Add Customer" to create your first customer.').waitFor();
    await page.getByRole("button", { name: "Add Customer" }).click();
    await page.getByRole("heading", { name: "Add New Customer" }).waitFor();
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Company name is required").waitFor();
    await page.getByLabel("Company Name *").fill("Acme Steel");
    await page.getByLabel("Industry").fill("Construction");
    await page.getByLabel("Website").fill("acme.example");
    await choose("Credit Limit", "$50,000");
    await page.getByRole("button", { name: "Save" }).click();
    await toast("Customer created successfully");
    const card = page.getByTestId("customer-card").filter({ hasText: "Acme Steel" });
    await card.getByText("Credit Limit: $50,000").waitFor();
    await card.getByText("0 contacts").waitFor();

    await card.getByRole("button", { name: "Add Contact" }).click();
    await page.getByRole("heading", { name: "Add New Contact" }).waitFor();
    await expect(page.getByLabel("Customer *").textContent()).resolves.toContain("Acme Steel");
    await page.getByLabel("First Name *").fill("Jane");
    await page.getByLabel("Last Name *").fill("Doe");
    await page.getByLabel("Email", { exact: true }).fill("jane@acme.example");
    await page.getByLabel("Title").fill("Buyer");
    await page.getByLabel("Department").fill("Purchasing");
    await page.getByRole("button", { name: "Save" }).click();
    await toast("Contact created successfully");
    await card.getByText("1 contact").waitFor();

    await page.getByRole("tab", { name: "Contacts" }).click();
    const contact = page.getByTestId("contact-card").filter({ hasText: "Jane Doe" });
    await contact.getByText("Acme Steel").waitFor();
    await contact.getByRole("button", { name: "Make Primary" }).click();
    await toast("Primary contact updated successfully");
    await contact.getByText("Primary", { exact: true }).waitFor();
  });

  it("creates a project and links the customer and contact in Edit Project", { timeout: 60_000 }, async () => {
    await open("/customers", customerWithContact);
    await page.getByTestId("customer-card").filter({ hasText: ACME.customer }).waitFor();
    await page.getByRole("link", { name: "Projects", exact: true }).first().click();
    await page.getByText("No Projects Yet").waitFor();
    await page.getByRole("heading", { name: "AI Chat - All Projects" }).waitFor();
    await page.getByRole("button", { name: "Create Your First Project" }).click();
    const create = page.getByRole("button", { name: "Create Project", exact: true });
    expect(await create.isDisabled()).toBe(true);
    await page.getByLabel("Project Name *").fill("   ");
    expect(await create.isDisabled()).toBe(true);
    await page.getByLabel("Project Name *").fill("Riverside Warehouse");
    await page.getByLabel("Address", { exact: true }).fill("1 River Rd");
    expect(await page.getByLabel("Opportunity ID").getAttribute("placeholder")).toMatch(/^006/);
    await create.click();
    const card = page.getByTestId("project-card").filter({ hasText: "Riverside Warehouse" });
    await card.waitFor();

    await card.getByRole("link", { name: "Open Project" }).click();
    await page.getByRole("heading", { name: "Riverside Warehouse" }).waitFor();
    await page.getByRole("button", { name: "Edit Project" }).click();
    expect(await page.getByLabel("Primary Contact").isDisabled()).toBe(true);
    await choose("Customer", "Acme Steel");
    expect(await page.getByLabel("Primary Contact").isDisabled()).toBe(false);
    await choose("Primary Contact", "Jane Doe - Buyer");
    await choose("Status", "on-hold");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await toast("Project updated successfully");
    const sidebar = page.locator("aside");
    await sidebar.getByText("Acme Steel").waitFor();
    await sidebar.getByText("Buyer, Purchasing").waitFor();
    expect(await sidebar.getByRole("link", { name: "jane@acme.example" }).getAttribute("href")).toBe("mailto:jane@acme.example");
    expect(await sidebar.getByRole("link", { name: "acme.example", exact: true }).getAttribute("href")).toBe("https://acme.example/");

    await page.getByRole("link", { name: "Back to Projects" }).click();
    await card.getByText("Acme Steel").waitFor();
    await card.getByText("Jane Doe").waitFor();
    await card.getByText("(Buyer, Purchasing)").waitFor();
    await card.getByText("on-hold").waitFor();
  });

  it("deleting the customer leaves the project card with 'Customer ID: ...'", { timeout: 60_000 }, async () => {
    await open("/projects", async (user) => {
      const { customerId, contactId } = await customerWithContact(user);
      const projectId = await addProject(user, { name: "Riverside Warehouse" });
      await editProject(user, projectId, { name: "Riverside Warehouse", customerId, contactId });
    });
    const linked = page.getByTestId("project-card").filter({ hasText: "Riverside Warehouse" });
    await linked.getByText(ACME.contact).waitFor();
    await page.getByRole("link", { name: "Customers", exact: true }).first().click();
    await page.getByRole("button", { name: "Delete Acme Steel" }).click();
    await page
      .getByText("Are you sure you want to delete Acme Steel? This action cannot be undone and will also delete all associated contacts.")
      .waitFor();
    await page.getByRole("button", { name: "Delete Customer" }).click();
    await toast("Customer deleted successfully");
    await page.getByText('No customers found. Click "Add Customer" to create your first customer.').waitFor();

    await page.getByRole("link", { name: "Projects", exact: true }).first().click();
    const card = page.getByTestId("project-card").filter({ hasText: "Riverside Warehouse" });
    await card.getByText(/^Customer ID: \d+$/).waitFor();
    expect(await card.getByText("Jane Doe").count()).toBe(0);
  });
});
