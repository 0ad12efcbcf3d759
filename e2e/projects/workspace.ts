/**
 * What the projects browser tests share: an account with a customer, its contact and a project
 * linked to both whose two vendor quotes the pipeline has read, and a way to switch that
 * account's language the way /settings does.
 */
import { expect } from "vitest";
import type { Page } from "playwright-core";
import { ACME, call, customerWithContact, editProject, labelledProject, signedInUser, type TestUser } from "@quorum/local/testing";

export const CUSTOMER = ACME.customer;
export const CONTACT = ACME.contact;
export const PROJECT = "Harbor Expansion";

export interface Workspace {
  projectId: number;
  customerId: number;
  contactId: number;
}

/** A fresh account (Dana Buyer) with its workspace. */
export async function workspaceAccount(): Promise<{ user: TestUser; workspace: Workspace }> {
  const user = await signedInUser({ displayName: "Dana Buyer" });
  const { customerId, contactId } = await customerWithContact(user);
  const { projectId } = await labelledProject(user, ["acme-quote.pdf", "pacific-quote.pdf"]);
  await editProject(user, projectId, {
    name: PROJECT,
    description: "Dock 4 steel and fittings",
    address: "1 Harbor Rd",
    status: "on-hold",
    customerId,
    contactId,
  });
  return { user, workspace: { projectId, customerId, contactId } };
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
