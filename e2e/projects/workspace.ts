/**
 * What the projects browser tests share: an account with a customer, its contact and a project
 * linked to both whose two vendor quotes the pipeline has read, and a way to switch that
 * account's language the way /settings does.
 */
import { expect } from "vitest";
import type { Page } from "playwright-core";
import { labelledProject } from "../../packages/functions/src/api/project-chat.testing";
import { call, signedInUser, type TestUser } from "@quorum/local/testing";
import { launchBrowser, openApp, signIn } from "../shell/browser";

export const CUSTOMER = "Acme Steel";
export const CONTACT = "Jane Doe";
export const PROJECT = "Harbor Expansion";

export interface Workspace {
  projectId: number;
  customerId: number;
  contactId: number;
}

export async function seedWorkspace(user: TestUser): Promise<Workspace> {
  const customer = await call(user, "POST", "/api/customers", {
    companyName: CUSTOMER,
    industry: "Construction",
    website: "acme.example",
    paymentTerms: "Net 30",
    creditLimit: "50000",
    taxExempt: "yes",
  });
  expect(customer.status, customer.text).toBe(201);
  const customerId = customer.body.customer.id as number;
  const contact = await call(user, "POST", "/api/contacts", {
    customerId,
    firstName: "Jane",
    lastName: "Doe",
    email: "jane@acme.example",
    title: "Buyer",
    department: "Purchasing",
  });
  expect(contact.status, contact.text).toBe(201);
  const contactId = contact.body.contact.id as number;
  const { projectId } = await labelledProject(user, ["acme-quote.pdf", "pacific-quote.pdf"]);
  const linked = await call(user, "PUT", `/api/projects/${projectId}`, {
    name: PROJECT,
    description: "Dock 4 steel and fittings",
    address: "1 Harbor Rd",
    status: "on-hold",
    customerId,
    contactId,
  });
  expect(linked.status, linked.text).toBe(200);
  return { projectId, customerId, contactId };
}

/** A fresh account with its workspace and a browser on the app; `signIn` (inside a test) signs in as the account. */
export async function workspaceSession() {
  const user = await signedInUser({ displayName: "Dana Buyer" });
  const workspace = await seedWorkspace(user);
  const browser = await launchBrowser();
  const app = await openApp(browser, "/");
  return {
    user,
    workspace,
    page: app.page,
    signIn: () => signIn(app.page, user.email, user.password),
    close: async () => {
      await app.close();
      await browser.close();
    },
  };
}

/** The account's language as /settings saves it; the app applies it on its next load. */
export async function setLanguage(user: TestUser, language: "en" | "es" | "fr" | "de") {
  const res = await call(user, "PUT", `/api/users/${user.uid}/settings`, { preferences: { language } });
  expect(res.status, res.text).toBe(200);
}

/** The screens of this part of the app, as paths. */
export const screens = (w: Workspace) => ({
  projects: "/projects",
  documents: `/projects/${w.projectId}/documents`,
  quotes: `/projects/${w.projectId}/quotes`,
  upload: `/projects/${w.projectId}/upload`,
  customers: "/customers",
});

/** True when something sticks out of the page sideways (a label too long for its box makes the page scroll). */
export const overflowsSideways = (page: Page) =>
  page.evaluate("document.documentElement.scrollWidth > document.documentElement.clientWidth") as Promise<boolean>;

/** Whether the element a violation names sits in the open dialog (the page under a modal's overlay is checked on its own). */
export const inDialog = (page: Page, target: string) =>
  page.evaluate(
    `!!document.querySelector(${JSON.stringify(target)})?.closest('[role="dialog"], [role="alertdialog"]')`,
  ) as Promise<boolean>;
