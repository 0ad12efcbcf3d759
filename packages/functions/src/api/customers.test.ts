import { beforeAll, describe, expect, it } from "vitest";
import { call, signedInUser, type TestUser } from "@quorum/local/testing";
import { ContactEntity } from "@quorum/core/contact/entity";
import { CustomerEntity } from "@quorum/core/customer/entity";

async function addCustomer(user: TestUser, body: Record<string, unknown> = {}) {
  const res = await call(user, "POST", "/api/customers", {
    companyName: `Acme ${Math.random().toString(36).slice(2, 7)}`,
    userId: user.uid,
    ...body,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.customer as { id: number; companyName: string; contactCount: number };
}

async function addContact(user: TestUser, customerId: number, body: Record<string, unknown> = {}) {
  const res = await call(user, "POST", "/api/contacts", { customerId, firstName: "Jane", lastName: "Doe", userId: user.uid, ...body });
  expect(res.status, res.text).toBe(201);
  return res.body.contact as { id: number; isPrimary: boolean };
}

/** Straight from the table, past the API: what a cascade left behind. */
async function storedContactsOf(customerId: number) {
  return (await ContactEntity.query.byCustomer({ customerId }).go({ pages: "all" })).data;
}

describe("customers", () => {
  let ann: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    [ann, bob] = await Promise.all([signedInUser(), signedInUser()]);
  });

  it("a new customer gets the spec's defaults and a numeric id", async () => {
    const customer = await addCustomer(ann, { companyName: "  Acme Corp  " });
    expect(customer).toMatchObject({
      companyName: "Acme Corp",
      billingCountry: "USA",
      shippingCountry: "USA",
      taxExempt: "no",
      paymentTerms: "Net 30",
      creditLimit: "Not Used",
      status: "active",
      industry: "",
      notes: "",
      contactCount: 0,
      userId: ann.uid,
    });
    expect(Number.isInteger(customer.id)).toBe(true);
    expect(customer).not.toHaveProperty("contactRev");
  });

  it("the list answers { customers }, newest first, only the caller's", async () => {
    const user = await signedInUser();
    const first = await addCustomer(user, { companyName: "First" });
    const second = await addCustomer(user, { companyName: "Second" });
    await addCustomer(bob, { companyName: "Bob's" });
    const res = await call(user, "GET", `/api/customers?userId=${user.uid}`);
    expect(res.status).toBe(200);
    expect(res.body.customers.map((c: { id: number }) => c.id)).toEqual([second.id, first.id]);
  });

  it.each([
    [{ companyName: "" }, "Company name is required"],
    [{ companyName: "   " }, "Company name is required"],
    [{}, "Company name is required"],
    [{ companyName: "X", taxExempt: "maybe" }, "Tax exempt must be 'yes' or 'no'"],
    [{ companyName: "X", status: "deleted" }, "Status must be active, inactive or suspended"],
    [{ companyName: "X", creditLimit: "lots" }, "Credit limit must be 'Not Used' or a number"],
    [{ companyName: "X".repeat(201) }, "Company name must be at most 200 characters"],
    [{ companyName: "X", notes: "n".repeat(5001) }, "Notes must be at most 5000 characters"],
  ])("a bad customer body %j is refused with 400 and writes nothing", async (body, message) => {
    const user = await signedInUser();
    const res = await call(user, "POST", "/api/customers", body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect((await call(user, "GET", "/api/customers")).body.customers).toEqual([]);
  });

  it("editing a customer changes what was sent and keeps the rest", async () => {
    const customer = await addCustomer(ann, { industry: "Steel", creditLimit: "25000" });
    const res = await call(ann, "PUT", `/api/customers/${customer.id}`, { companyName: "Renamed", status: "suspended", taxExempt: "yes" });
    expect(res.status, res.text).toBe(200);
    expect(res.body.customer).toMatchObject({
      id: customer.id,
      companyName: "Renamed",
      status: "suspended",
      taxExempt: "yes",
      industry: "Steel",
      creditLimit: "25000",
    });
    expect((await call(ann, "GET", `/api/customers/${customer.id}`)).body.customer.companyName).toBe("Renamed");
  });

  it("another user's customer is not found: read, edit, delete, its contacts", async () => {
    const customer = await addCustomer(ann, { companyName: "Private" });
    expect((await call(bob, "GET", `/api/customers/${customer.id}`)).status).toBe(404);
    expect((await call(bob, "PUT", `/api/customers/${customer.id}`, { companyName: "Hacked" })).status).toBe(404);
    expect((await call(bob, "DELETE", `/api/customers/${customer.id}`)).status).toBe(404);
    expect((await call(bob, "GET", `/api/customers/${customer.id}/contacts`)).status).toBe(404);
    expect((await call(bob, "GET", "/api/customers")).body.customers.map((c: { id: number }) => c.id)).not.toContain(customer.id);
    expect((await call(ann, "GET", `/api/customers/${customer.id}`)).body.customer.companyName).toBe("Private");
  });

  it("a userId in the list query that is not the caller's is refused", async () => {
    expect((await call(bob, "GET", `/api/customers?userId=${ann.uid}`)).status).toBe(403);
  });

  it("the customer card's contact count follows added, moved and deleted contacts", async () => {
    const a = await addCustomer(ann);
    const b = await addCustomer(ann);
    const [c1, c2] = [await addContact(ann, a.id), await addContact(ann, a.id)];
    const count = async (id: number) => (await call(ann, "GET", `/api/customers/${id}`)).body.customer.contactCount;
    expect(await count(a.id)).toBe(2);
    await call(ann, "PUT", `/api/contacts/${c1.id}`, { customerId: b.id });
    expect([await count(a.id), await count(b.id)]).toEqual([1, 1]);
    await call(ann, "DELETE", `/api/contacts/${c2.id}`);
    expect([await count(a.id), await count(b.id)]).toEqual([0, 1]);
  });

  it("deleting a customer removes its contacts and leaves no orphan", async () => {
    const customer = await addCustomer(ann);
    const keep = await addCustomer(ann);
    for (let i = 0; i < 3; i++) await addContact(ann, customer.id, { firstName: `C${i}` });
    const kept = await addContact(ann, keep.id);
    const res = await call(ann, "DELETE", `/api/customers/${customer.id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ success: true, contactsDeleted: 3 });
    expect((await call(ann, "GET", `/api/customers/${customer.id}`)).status).toBe(404);
    expect(await storedContactsOf(customer.id)).toEqual([]);
    const contacts = (await call(ann, "GET", "/api/contacts")).body.contacts as { id: number; customerId: number }[];
    expect(contacts.filter((c) => c.customerId === customer.id)).toEqual([]);
    expect(contacts.map((c) => c.id)).toContain(kept.id);
  });

  it("deleting a customer with more contacts than one transaction holds removes all of them", { timeout: 120_000 }, async () => {
    const customer = await addCustomer(ann);
    for (let i = 0; i < 105; i += 5)
      await Promise.all([0, 1, 2, 3, 4].map((j) => addContact(ann, customer.id, { firstName: `N${i + j}` })));
    expect((await call(ann, "GET", `/api/customers/${customer.id}`)).body.customer.contactCount).toBe(105);
    const res = await call(ann, "DELETE", `/api/customers/${customer.id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.contactsDeleted).toBe(105);
    expect(await storedContactsOf(customer.id)).toEqual([]);
    expect((await CustomerEntity.get({ id: customer.id }).go()).data).toBeNull();
  });

  it("contacts added while the customer is being deleted are not left behind", async () => {
    const customer = await addCustomer(ann);
    await addContact(ann, customer.id);
    const adds = Array.from({ length: 8 }, (_, i) =>
      call(ann, "POST", "/api/contacts", { customerId: customer.id, firstName: `Racer${i}`, lastName: "X" }),
    );
    const removal = call(ann, "DELETE", `/api/customers/${customer.id}`);
    const [deleted, ...added] = await Promise.all([removal, ...adds]);
    expect(deleted.status, deleted.text).toBe(200);
    // Each add either landed before the delete (and was deleted with it) or found no customer.
    for (const add of added) expect([201, 400]).toContain(add.status);
    expect(await storedContactsOf(customer.id)).toEqual([]);
  });
});
