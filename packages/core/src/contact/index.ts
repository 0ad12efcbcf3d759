import { listPage } from "../db/list-page";
import type { ListPageQuery } from "../list-page";
import { z } from "zod";
import { Actor } from "../actor";
import { nextId } from "../db/counter";
import type { Domain } from "../db/service";
import { transactions } from "../db/transaction";
import { RETRY, isConditionFailure, optimistic } from "../db/optimistic";
import { Conflict, Invalid, NotFound } from "../error";
import { fn } from "../fn";
import { Customer } from "../customer/index";
import { CustomerEntity, type CustomerItem } from "../customer/entity";
import { defined, recordId } from "../validation";
import { ContactCreateInput, ContactPrimaryInput, ContactUpdateInput } from "./schema";
import { ContactEntity, type ContactItem } from "./entity";

const giveUp = () => new Conflict("The customer's contacts were changed by another request at the same time. Please try again.");

type Txn = Parameters<Parameters<typeof Domain.transaction.write>[0]>[0];

/**
 * The customer side of every change to its contacts, in the same transaction:
 * the count, the one primary, and the revision that the write is conditioned on.
 */
function customerChange(s: Txn, customer: CustomerItem, change: { count?: 1 | -1; primary?: number | null }) {
  const userId = customer.userId;
  let op = s.customer.patch({ id: customer.id }).add({ contactRev: 1 });
  if (change.count === 1) op = op.add({ contactCount: 1 });
  if (change.count === -1) op = op.subtract({ contactCount: 1 });
  if (typeof change.primary === "number") op = op.set({ primaryContactId: change.primary });
  if (change.primary === null) op = op.remove(["primaryContactId"]);
  return op
    .where((a, o) => `${o.eq(a.contactRev, customer.contactRev)} AND ${o.eq(a.userId, userId)} AND ${o.notExists(a.deletedAt)}`)
    .commit();
}

/** The previous primary of a customer stops being primary in the transaction that replaces it. */
function demotePrevious(s: Txn, customer: CustomerItem, newPrimary: number) {
  const previous = customer.primaryContactId;
  if (previous === undefined || previous === newPrimary) return [];
  return [s.contact.patch({ id: previous }).set({ isPrimary: false }).commit()];
}

export namespace Contact {
  export const CreateInput = ContactCreateInput;
  export type CreateInput = z.input<typeof CreateInput>;
  export const UpdateInput = ContactUpdateInput;
  export type UpdateInput = z.input<typeof UpdateInput>;
  export type Info = ContactItem;

  /**
   * The contact's customer as stored, read consistently because the write that
   * follows is conditioned on it. A customer being deleted keeps its contacts still.
   */
  async function customerOf(contact: ContactItem) {
    const customer = (await CustomerEntity.get({ id: contact.customerId }).go({ consistent: true })).data;
    if (!customer || customer.userId !== contact.userId) return undefined;
    if (customer.deletedAt) throw new Conflict("This contact's customer is being deleted");
    return customer;
  }

  async function owned(id: number, consistent = false) {
    const contact = (await ContactEntity.get({ id }).go({ consistent })).data;
    if (!contact || contact.userId !== Actor.userId()) return undefined;
    return contact;
  }

  /** The caller's contacts, newest first: one Query on gsi1. */
  export async function list(): Promise<Info[]> {
    return (await ContactEntity.query.byUser({ userId: Actor.userId() }).go({ order: "desc", pages: "all" })).data;
  }

  /** One page of the caller's contacts, newest first (GET /api/contacts). */
  export async function page(query: ListPageQuery = {}) {
    const userId = Actor.userId();
    return listPage((options) => ContactEntity.query.byUser({ userId }).go(options), query);
  }

  /** One page of a customer's contacts, newest first: a GetItem for ownership, then one Query on gsi2. */
  export async function pageByCustomer(customerId: number, query: ListPageQuery = {}) {
    if (!(await Customer.owned(customerId))) throw new NotFound("Customer");
    const userId = Actor.userId();
    const page = await listPage((options) => ContactEntity.query.byCustomer({ customerId }).go(options), query);
    return { ...page, items: page.items.filter((c) => c.userId === userId) };
  }

  export const get = fn(recordId("Contact ID"), async (id) => {
    const contact = await owned(id);
    if (!contact) throw new NotFound("Contact");
    return contact;
  });

  /**
   * Adds a contact to one of the caller's customers. With `isPrimary` it becomes
   * the customer's only primary in the same transaction.
   */
  export const create = fn(CreateInput, async (input) => {
    const userId = Actor.userId();
    let id: number | undefined;
    return optimistic(async () => {
      const customer = await Customer.owned(input.customerId, true);
      if (!customer) throw new Invalid("The selected customer does not exist");
      // Allocated only once the input is known to be good, and kept across retries.
      id ??= await nextId("contact");
      const contactId = id;
      const isPrimary = input.isPrimary ?? false;
      const item = {
        ...defined(input),
        id: contactId,
        userId,
        customerId: customer.id,
        firstName: input.firstName,
        lastName: input.lastName,
        isPrimary,
        isActive: input.isActive ?? true,
      };
      const result = await (
        await transactions()
      )
        .write((s) => [
          s.contact.create(item).commit(),
          customerChange(s, customer, { count: 1, ...(isPrimary ? { primary: contactId } : {}) }),
          ...(isPrimary ? demotePrevious(s, customer, contactId) : []),
        ])
        .go();
      if (result.canceled) return RETRY;
      return (await owned(contactId, true))!;
    }, giveUp);
  });

  /**
   * Changes a contact. Moved to another customer, it leaves the old customer's
   * count (and primary role) and joins the new one's, as primary only when
   * `isPrimary` says so; all in one transaction.
   */
  export const update = fn(UpdateInput.extend({ id: recordId("Contact ID") }), async ({ id, ...input }) => {
    const { isPrimary, customerId: requestedCustomer, ...rest } = input;
    const fields = defined(rest);
    return optimistic(async () => {
      const current = await owned(id, true);
      if (!current) throw new NotFound("Contact");
      const from = await customerOf(current);
      const targetId = requestedCustomer ?? current.customerId;

      if (targetId !== current.customerId) {
        const to = await Customer.owned(targetId, true);
        if (!to) throw new Invalid("The selected customer does not exist");
        const primary = isPrimary === true;
        const result = await (
          await transactions()
        )
          .write((s) => [
            s.contact
              .patch({ id })
              .set({ ...fields, customerId: to.id, isPrimary: primary })
              .composite({ createdAt: current.createdAt })
              .where((a, o) => o.eq(a.customerId, current.customerId))
              .commit(),
            ...(from ? [customerChange(s, from, { count: -1, ...(from.primaryContactId === id ? { primary: null } : {}) })] : []),
            customerChange(s, to, { count: 1, ...(primary ? { primary: id } : {}) }),
            ...(primary ? demotePrevious(s, to, id) : []),
          ])
          .go();
        return result.canceled ? RETRY : (await owned(id, true))!;
      }

      const isPrimaryNow = from?.primaryContactId === id;
      if (isPrimary === true && !isPrimaryNow) {
        if (!from) throw new Invalid("The selected customer does not exist");
        const result = await (
          await transactions()
        )
          .write((s) => [
            s.contact
              .patch({ id })
              .set({ ...fields, isPrimary: true })
              .where((a, o) => o.eq(a.customerId, current.customerId))
              .commit(),
            customerChange(s, from, { primary: id }),
            ...demotePrevious(s, from, id),
          ])
          .go();
        return result.canceled ? RETRY : (await owned(id, true))!;
      }
      if (isPrimary === false && isPrimaryNow && from) {
        const result = await (
          await transactions()
        )
          .write((s) => [
            s.contact
              .patch({ id })
              .set({ ...fields, isPrimary: false })
              .where((a, o) => o.eq(a.customerId, current.customerId))
              .commit(),
            customerChange(s, from, { primary: null }),
          ])
          .go();
        return result.canceled ? RETRY : (await owned(id, true))!;
      }

      // The primary role does not change: a plain update of the fields, conditioned
      // on the contact still belonging to the customer it was read with.
      if (Object.keys(fields).length === 0) return current;
      try {
        const result = await ContactEntity.patch({ id })
          .set(fields)
          .where((a, o) => o.eq(a.customerId, current.customerId))
          .go({ response: "all_new" });
        return result.data as ContactItem;
      } catch (error) {
        if (isConditionFailure(error)) return RETRY;
        throw error;
      }
    }, giveUp);
  });

  export const PrimaryInput = ContactPrimaryInput;

  /**
   * Makes the contact its customer's primary; the previous primary stops being
   * primary in the same transaction, so a customer never has two.
   */
  export const makePrimary = fn(PrimaryInput, async ({ id, customerId }) => {
    if (customerId !== undefined) {
      const contact = await owned(id, true);
      if (!contact) throw new NotFound("Contact");
      if (contact.customerId !== customerId) throw new Invalid("The contact does not belong to this customer");
    }
    return update({ id, isPrimary: true });
  });

  /** Deletes the contact; its customer's count (and primary, if it was) follow in the same transaction. */
  export const remove = fn(recordId("Contact ID"), async (id) => {
    return optimistic(async () => {
      const current = await owned(id, true);
      if (!current) throw new NotFound("Contact");
      const customer = await customerOf(current);
      const result = await (
        await transactions()
      )
        .write((s) => [
          s.contact
            .remove({ id })
            .where((a, o) => o.eq(a.customerId, current.customerId))
            .commit(),
          ...(customer ? [customerChange(s, customer, { count: -1, ...(customer.primaryContactId === id ? { primary: null } : {}) })] : []),
        ])
        .go();
      return result.canceled ? RETRY : { id };
    }, giveUp);
  });
}
