import { Contact } from "@quorum/core/contact/index";
import { NumericId, reply, route, ListQuery, listReply } from "../http/route";

/** `{ contacts }` of all the caller's customers, newest first. */
export const list = route({ query: ListQuery }, async ({ query }) => listReply("contacts", await Contact.page(query)));

/** `{ contacts }` of one customer (the path's `{id}` is the customer's id). */
export const listByCustomer = route({ path: NumericId, query: ListQuery }, async ({ path, query }) =>
  listReply("contacts", await Contact.pageByCustomer(path.id, query)),
);

export const create = route({ body: Contact.CreateInput }, async ({ body }) => reply(201, { contact: await Contact.create(body) }));

/** The customer comes from the path; a different `customerId` in the body is refused. */
export const createForCustomer = route({ path: NumericId, body: Contact.UpdateInput }, async ({ path, body }) => {
  if (body.customerId !== undefined && body.customerId !== path.id) {
    return reply(400, { error: "The customer in the body does not match the customer in the path" });
  }
  return reply(201, { contact: await Contact.create({ ...body, customerId: path.id } as Contact.CreateInput) });
});

export const update = route({ path: NumericId, body: Contact.UpdateInput }, async ({ path, body }) => ({
  contact: await Contact.update({ ...body, id: path.id }),
}));

export const remove = route({ path: NumericId }, async ({ path }) => ({ success: true, ...(await Contact.remove(path.id)) }));

export const makePrimary = route({ path: NumericId, body: Contact.PrimaryInput.omit({ id: true }) }, async ({ path, body }) => ({
  contact: await Contact.makePrimary({ ...body, id: path.id }),
}));
