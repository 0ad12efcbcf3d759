import { Customer } from "@quorum/core/customer/index";
import { NumericId, reply, route, ListQuery, listReply } from "../http/route";

/** `{ customers }`, newest first, each with its `contactCount` for the card. */
export const list = route({ query: ListQuery }, async ({ query }) => listReply("customers", await Customer.page(query)));

export const get = route({ path: NumericId }, async ({ path }) => ({ customer: await Customer.get(path.id) }));

export const create = route({ body: Customer.CreateInput }, async ({ body }) => reply(201, { customer: await Customer.create(body) }));

export const update = route({ path: NumericId, body: Customer.UpdateInput }, async ({ path, body }) => ({
  customer: await Customer.update({ ...body, id: path.id }),
}));

/** Deletes the customer and all its contacts at once. */
export const remove = route({ path: NumericId }, async ({ path }) => ({ success: true, ...(await Customer.remove(path.id)) }));
