import { listPage } from "../db/list-page";
import type { ListPageQuery } from "../list-page";
import { z } from "zod";
import { Actor } from "../actor";
import { nextId } from "../db/counter";
import { Invalid, NotFound } from "../error";
import { fn } from "../fn";
import { Customer } from "../customer/index";
import { defined, recordId } from "../validation";
import { Contact } from "../contact/index";
import { ProjectEntity, type ProjectItem } from "./entity";
import { ProjectCreateInput, ProjectUpdateInput } from "./schema";

export namespace Project {
  export const CreateInput = ProjectCreateInput;
  export type CreateInput = z.input<typeof CreateInput>;
  export const UpdateInput = ProjectUpdateInput;
  export type UpdateInput = z.input<typeof UpdateInput>;
  export type Info = ProjectItem;

  /**
   * A project's customer and contact must be the caller's, and the contact must
   * belong to that customer. Only references the request changes are checked, so
   * a project whose customer was deleted can still be edited.
   */
  async function checkReferences(customerId: number | undefined, contactId: number | undefined) {
    if (contactId !== undefined && customerId === undefined) throw new Invalid("Choose a customer before choosing its contact");
    if (customerId !== undefined && !(await Customer.owned(customerId))) throw new Invalid("The selected customer does not exist");
    if (contactId !== undefined) {
      const contact = await Contact.get(contactId).catch((error) => {
        if (error instanceof NotFound) throw new Invalid("The selected contact does not exist");
        throw error;
      });
      if (contact.customerId !== customerId) throw new Invalid("The selected contact does not belong to the selected customer");
    }
  }

  async function owned(id: number) {
    const project = (await ProjectEntity.get({ id }).go()).data;
    if (!project || project.userId !== Actor.userId()) throw new NotFound("Project");
    return project;
  }

  /** The caller's projects, newest first: one Query on gsi1. */
  export async function list(): Promise<Info[]> {
    return (await ProjectEntity.query.byUser({ userId: Actor.userId() }).go({ order: "desc", pages: "all" })).data;
  }

  /** One page of the caller's projects, newest first (GET /api/projects). */
  export async function page(query: ListPageQuery = {}) {
    const userId = Actor.userId();
    return listPage((options) => ProjectEntity.query.byUser({ userId }).go(options), query);
  }

  export const get = fn(recordId("Project ID"), owned);

  /**
   * The project with the customer and contact its detail page shows, read in
   * parallel; a reference whose record is gone (or not the caller's) is null.
   */
  export const getWithLinks = fn(recordId("Project ID"), async (id) => {
    const project = await owned(id);
    const [customer, contact] = await Promise.all([
      project.customerId === undefined ? undefined : Customer.owned(project.customerId),
      project.contactId === undefined
        ? undefined
        : Contact.get(project.contactId).catch((error) => (error instanceof NotFound ? undefined : Promise.reject(error))),
    ]);
    return {
      ...project,
      customer: customer ? Customer.present(customer) : null,
      contact: contact && contact.customerId === project.customerId ? contact : null,
    };
  });

  export const create = fn(CreateInput, async (input) => {
    const customerId = input.customerId ?? undefined;
    const contactId = input.contactId ?? undefined;
    await checkReferences(customerId, contactId);
    const id = await nextId("project");
    const { customerId: _c, contactId: _k, ...fields } = input;
    const result = await ProjectEntity.create({
      ...defined(fields),
      name: input.name,
      id,
      userId: Actor.userId(),
      ...(customerId !== undefined ? { customerId } : {}),
      ...(contactId !== undefined ? { contactId } : {}),
    }).go();
    return result.data;
  });

  /**
   * Edits a project. `customerId`/`contactId` null (or empty) clear the link;
   * absent keeps it. Changing the customer without naming a contact clears the
   * contact, as the edit form does.
   */
  export const update = fn(UpdateInput.extend({ id: recordId("Project ID") }), async ({ id, customerId, contactId, ...input }) => {
    const current = await owned(id);
    const nextCustomer = customerId === undefined ? current.customerId : (customerId ?? undefined);
    const customerChanged = nextCustomer !== current.customerId;
    const nextContact = contactId === undefined ? (customerChanged ? undefined : current.contactId) : (contactId ?? undefined);
    const contactChanged = nextContact !== current.contactId;
    if (customerChanged || contactChanged) await checkReferences(nextCustomer, nextContact);

    const userId = Actor.userId();
    const clear = [
      ...(nextCustomer === undefined ? ["customerId" as const] : []),
      ...(nextContact === undefined ? ["contactId" as const] : []),
    ];
    let op = ProjectEntity.patch({ id }).set({
      ...defined(input),
      ...(nextCustomer !== undefined ? { customerId: nextCustomer } : {}),
      ...(nextContact !== undefined ? { contactId: nextContact } : {}),
    });
    if (clear.length) op = op.remove(clear);
    const result = await op.where((a, o) => o.eq(a.userId, userId)).go({ response: "all_new" });
    return result.data as ProjectItem;
  });
}
