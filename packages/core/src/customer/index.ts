import { listPage } from "../db/list-page";
import type { ListPageQuery } from "../list-page";
import { z } from "zod";
import { Actor } from "../actor";
import { transactions } from "../db/transaction";
import { RETRY, isConditionFailure, optimistic } from "../db/optimistic";
import { Conflict, NotFound } from "../error";
import { fn } from "../fn";
import { ContactEntity } from "../contact/entity";
import { CustomerEntity, type CustomerItem } from "./entity";
import { CUSTOMER_DEFAULTS, CustomerCreateInput, CustomerUpdateInput } from "./schema";
import { defined, recordId } from "../validation";
import { nextId } from "../db/counter";

/** DynamoDB's limit on the number of items one transaction may write. */
export const TRANSACTION_LIMIT = 100;

export namespace Customer {
  /** What the API answers: the bookkeeping of concurrent contact changes stays inside. */
  export function present(customer: CustomerItem) {
    const { contactRev: _rev, deletedAt: _deleted, ...rest } = customer;
    return rest;
  }

  export const CreateInput = CustomerCreateInput;
  export type CreateInput = z.input<typeof CreateInput>;
  export const UpdateInput = CustomerUpdateInput;
  export type UpdateInput = z.input<typeof UpdateInput>;
  export type Info = ReturnType<typeof present>;

  /**
   * The caller's customer, or undefined when it does not exist, is someone
   * else's, or is being deleted. `consistent` for reads that guard a write.
   */
  export async function owned(id: number, consistent = false): Promise<CustomerItem | undefined> {
    const result = await CustomerEntity.get({ id }).go({ consistent });
    const customer = result.data;
    if (!customer || customer.userId !== Actor.userId() || customer.deletedAt) return undefined;
    return customer;
  }

  /** The caller's customers, newest first: one Query on gsi1. */
  export async function list(): Promise<Info[]> {
    const result = await CustomerEntity.query
      .byUser({ userId: Actor.userId() })
      .where((a, op) => op.notExists(a.deletedAt))
      .go({ order: "desc", pages: "all" });
    return result.data.map(present);
  }

  /** One page of the caller's customers, newest first (GET /api/customers). */
  export async function page(query: ListPageQuery = {}) {
    const userId = Actor.userId();
    const { items, nextCursor } = await listPage(
      (options) =>
        CustomerEntity.query
          .byUser({ userId })
          .where((a, op) => op.notExists(a.deletedAt))
          .go(options),
      query,
    );
    return { items: items.map(present), nextCursor };
  }

  export const get = fn(recordId("Customer ID"), async (id) => {
    const customer = await owned(id);
    if (!customer) throw new NotFound("Customer");
    return present(customer);
  });

  export const create = fn(CreateInput, async (input) => {
    const id = await nextId("customer");
    const result = await CustomerEntity.create({
      ...CUSTOMER_DEFAULTS,
      ...defined(input),
      companyName: input.companyName,
      id,
      userId: Actor.userId(),
      contactCount: 0,
      contactRev: 0,
    }).go();
    return present(result.data);
  });

  export const update = fn(UpdateInput.extend({ id: recordId("Customer ID") }), async ({ id, ...input }) => {
    const userId = Actor.userId();
    const changes = defined(input);
    try {
      const result = await CustomerEntity.patch({ id })
        .set(changes)
        .where((a, op) => `${op.eq(a.userId, userId)} AND ${op.notExists(a.deletedAt)}`)
        .go({ response: "all_new" });
      return present(result.data as CustomerItem);
    } catch (error) {
      if (isConditionFailure(error)) throw new NotFound("Customer");
      throw error;
    }
  });

  /**
   * Deletes the customer and all its contacts in one transaction. The transaction
   * is conditioned on the contact revision read with the list, so a contact added
   * meanwhile cancels it (and the next attempt deletes that one too): no orphans.
   * Projects keep their customerId and show 'Customer ID: ...'.
   */
  export const remove = fn(recordId("Customer ID"), async (id) => {
    const userId = Actor.userId();
    return optimistic(
      async () => {
        const read = await CustomerEntity.get({ id }).go({ consistent: true });
        const customer = read.data;
        if (!customer || customer.userId !== userId) throw new NotFound("Customer");
        const contacts = (await ContactEntity.query.byCustomer({ customerId: id }).go({ pages: "all" })).data.filter(
          (c) => c.userId === userId,
        );
        if (customer.deletedAt) return sweep(id, contacts);
        // The index is eventually consistent: a contact written a moment ago may not be listed yet.
        if (contacts.length !== customer.contactCount) return RETRY;

        if (contacts.length < TRANSACTION_LIMIT) {
          const result = await (
            await transactions()
          )
            .write(({ customer: c, contact }) => [
              c
                .remove({ id })
                .where((a, op) => `${op.eq(a.contactRev, customer.contactRev)} AND ${op.eq(a.userId, userId)}`)
                .commit(),
              ...contacts.map((x) =>
                contact
                  .remove({ id: x.id })
                  .where((a, op) => op.eq(a.customerId, id))
                  .commit(),
              ),
            ])
            .go();
          return result.canceled ? RETRY : { id, contactsDeleted: contacts.length };
        }

        // Too many contacts for one transaction: first mark the customer deleted (it
        // disappears from every read, and no contact can be added to it any more),
        // then remove its contacts and finally the customer. Repeating the call resumes.
        try {
          await CustomerEntity.patch({ id })
            .set({ deletedAt: new Date().toISOString() })
            .add({ contactRev: 1 })
            .where((a, op) => `${op.eq(a.contactRev, customer.contactRev)} AND ${op.eq(a.userId, userId)}`)
            .go();
        } catch (error) {
          if (isConditionFailure(error)) return RETRY;
          throw error;
        }
        return sweep(id, contacts);
      },
      () => new Conflict("The customer's contacts changed while it was being deleted. Please try again."),
    );
  });

  async function sweep(id: number, contacts: { id: number }[]) {
    for (let i = 0; i < contacts.length; i += 25) {
      const { unprocessed } = await ContactEntity.delete(contacts.slice(i, i + 25).map((c) => ({ id: c.id }))).go();
      if (unprocessed.length) throw new Error(`Could not delete ${unprocessed.length} contacts of customer ${id}; deleting again resumes`);
    }
    await CustomerEntity.delete({ id }).go();
    return { id, contactsDeleted: contacts.length };
  }
}
