import { beforeAll, describe, expect, it } from "vitest";
import { call, signedInUser, type TestUser } from "@quorum/local/testing";

interface ContactBody {
  id: number;
  customerId: number;
  firstName: string;
  isPrimary: boolean;
  isActive: boolean;
}

async function addCustomer(user: TestUser, companyName = "Acme") {
  const res = await call(user, "POST", "/api/customers", { companyName });
  expect(res.status, res.text).toBe(201);
  return res.body.customer as { id: number };
}

async function addContact(user: TestUser, customerId: number, body: Record<string, unknown> = {}) {
  const res = await call(user, "POST", "/api/contacts", { customerId, firstName: "Jane", lastName: "Doe", userId: user.uid, ...body });
  expect(res.status, res.text).toBe(201);
  return res.body.contact as ContactBody;
}

async function contactsOf(user: TestUser, customerId: number) {
  const res = await call(user, "GET", `/api/customers/${customerId}/contacts`);
  expect(res.status, res.text).toBe(200);
  return res.body.contacts as ContactBody[];
}

async function primaryOf(user: TestUser, customerId: number) {
  const primaries = (await contactsOf(user, customerId)).filter((c) => c.isPrimary).map((c) => c.id);
  const customer = (await call(user, "GET", `/api/customers/${customerId}`)).body.customer;
  return { primaries, recorded: customer.primaryContactId as number | undefined };
}

describe("contacts", () => {
  let ann: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    [ann, bob] = await Promise.all([signedInUser(), signedInUser()]);
  });

  it("a new contact is not primary, is active, and answers { contact } with a numeric id", async () => {
    const customer = await addCustomer(ann);
    const contact = await addContact(ann, customer.id, { email: "jane@example.com", title: "Buyer", department: "Purchasing" });
    expect(contact).toMatchObject({
      customerId: customer.id,
      isPrimary: false,
      isActive: true,
      email: "jane@example.com",
      title: "Buyer",
      userId: ann.uid,
    });
    expect(Number.isInteger(contact.id)).toBe(true);
  });

  it("lists answer { contacts } newest first: all of the caller's, and one customer's", async () => {
    const user = await signedInUser();
    const a = await addCustomer(user);
    const b = await addCustomer(user);
    const first = await addContact(user, a.id);
    const second = await addContact(user, b.id);
    const third = await addContact(user, a.id);
    await addContact(bob, (await addCustomer(bob)).id);
    const all = await call(user, "GET", `/api/contacts?userId=${user.uid}`);
    expect(all.body.contacts.map((c: ContactBody) => c.id)).toEqual([third.id, second.id, first.id]);
    expect((await contactsOf(user, a.id)).map((c) => c.id)).toEqual([third.id, first.id]);
  });

  it("the other route adds a contact to the customer in its path", async () => {
    const customer = await addCustomer(ann);
    const res = await call(ann, "POST", `/api/customers/${customer.id}/contacts`, { firstName: "Path", lastName: "Made" });
    expect(res.status, res.text).toBe(201);
    expect(res.body.contact).toMatchObject({ customerId: customer.id, firstName: "Path" });
  });

  it.each([
    [{ firstName: "", lastName: "Doe" }, "First name is required"],
    [{ firstName: "Jane", lastName: " " }, "Last name is required"],
    [{ lastName: "Doe" }, "First name is required"],
    [{ firstName: "Jane", lastName: "Doe", email: "not-an-email" }, "Invalid email address"],
    [{ firstName: "Jane", lastName: "Doe", customerId: "abc" }, "Customer ID must be a number"],
    [{ firstName: "Jane", lastName: "Doe", customerId: 0 }, "Please select a customer"],
    [{ firstName: "Jane", lastName: "Doe", isPrimary: "yes" }, "isPrimary must be true or false"],
    [{ firstName: "J".repeat(101), lastName: "Doe" }, "First name must be at most 100 characters"],
  ])("a bad contact body %j is refused with 400 and writes nothing", async (body, message) => {
    const user = await signedInUser();
    const customer = await addCustomer(user);
    const res = await call(user, "POST", "/api/contacts", { customerId: customer.id, ...body });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect((await call(user, "GET", "/api/contacts")).body.contacts).toEqual([]);
    expect((await call(user, "GET", `/api/customers/${customer.id}`)).body.customer.contactCount).toBe(0);
  });

  it("an empty email is allowed", async () => {
    const contact = await addContact(ann, (await addCustomer(ann)).id, { email: "" });
    expect(contact).toMatchObject({ email: "" });
  });

  it("a contact cannot be added to another user's customer", async () => {
    const bobs = await addCustomer(bob, "Bob's");
    const res = await call(ann, "POST", "/api/contacts", { customerId: bobs.id, firstName: "Sneaky", lastName: "Ann" });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("The selected customer does not exist");
    expect((await call(ann, "POST", `/api/customers/${bobs.id}/contacts`, { firstName: "Sneaky", lastName: "Ann" })).status).toBe(400);
    expect(await contactsOf(bob, bobs.id)).toEqual([]);
  });

  it("another user's contact is not found: edit, delete, make primary", async () => {
    const customer = await addCustomer(ann);
    const contact = await addContact(ann, customer.id, { firstName: "Mine" });
    expect((await call(bob, "PUT", `/api/contacts/${contact.id}`, { firstName: "Hacked" })).status).toBe(404);
    expect((await call(bob, "DELETE", `/api/contacts/${contact.id}`)).status).toBe(404);
    expect((await call(bob, "PUT", `/api/contacts/${contact.id}/primary`, { customerId: customer.id })).status).toBe(404);
    const [stored] = await contactsOf(ann, customer.id);
    expect(stored).toMatchObject({ firstName: "Mine", isPrimary: false });
  });

  it("a contact cannot be moved to another user's customer", async () => {
    const contact = await addContact(ann, (await addCustomer(ann)).id);
    const bobs = await addCustomer(bob);
    const res = await call(ann, "PUT", `/api/contacts/${contact.id}`, { customerId: bobs.id });
    expect(res.status).toBe(400);
    expect(await contactsOf(bob, bobs.id)).toEqual([]);
  });

  it("editing a contact changes what was sent", async () => {
    const contact = await addContact(ann, (await addCustomer(ann)).id, { title: "Buyer" });
    const res = await call(ann, "PUT", `/api/contacts/${contact.id}`, { firstName: "Janet", phone: "555-0100" });
    expect(res.status, res.text).toBe(200);
    expect(res.body.contact).toMatchObject({ firstName: "Janet", lastName: "Doe", phone: "555-0100", title: "Buyer" });
  });

  it("making a contact primary makes the previous primary non-primary", async () => {
    const customer = await addCustomer(ann);
    const first = await addContact(ann, customer.id, { isPrimary: true });
    const second = await addContact(ann, customer.id);
    expect(await primaryOf(ann, customer.id)).toEqual({ primaries: [first.id], recorded: first.id });
    const res = await call(ann, "PUT", `/api/contacts/${second.id}/primary`, { customerId: customer.id });
    expect(res.status, res.text).toBe(200);
    expect(res.body.contact).toMatchObject({ id: second.id, isPrimary: true });
    expect(await primaryOf(ann, customer.id)).toEqual({ primaries: [second.id], recorded: second.id });
  });

  it("creating or editing a contact with isPrimary takes the role from the previous primary", async () => {
    const customer = await addCustomer(ann);
    const first = await addContact(ann, customer.id, { isPrimary: true });
    const second = await addContact(ann, customer.id, { isPrimary: true });
    expect(await primaryOf(ann, customer.id)).toEqual({ primaries: [second.id], recorded: second.id });
    await call(ann, "PUT", `/api/contacts/${first.id}`, { isPrimary: true, title: "Boss" });
    expect(await primaryOf(ann, customer.id)).toEqual({ primaries: [first.id], recorded: first.id });
    await call(ann, "PUT", `/api/contacts/${first.id}`, { isPrimary: false });
    expect(await primaryOf(ann, customer.id)).toEqual({ primaries: [], recorded: undefined });
  });

  it("the primary call refuses a customer the contact does not belong to", async () => {
    const a = await addCustomer(ann);
    const b = await addCustomer(ann);
    const contact = await addContact(ann, a.id);
    const res = await call(ann, "PUT", `/api/contacts/${contact.id}/primary`, { customerId: b.id });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("The contact does not belong to this customer");
    expect((await primaryOf(ann, a.id)).primaries).toEqual([]);
  });

  it("20 concurrent 'Make Primary' calls leave exactly one primary", { timeout: 60_000 }, async () => {
    const customer = await addCustomer(ann);
    const contacts: ContactBody[] = [];
    for (let i = 0; i < 20; i++) contacts.push(await addContact(ann, customer.id, { firstName: `P${i}` }));
    const results = await Promise.all(contacts.map((c) => call(ann, "PUT", `/api/contacts/${c.id}/primary`, { customerId: customer.id })));
    expect(results.map((r) => r.status)).toEqual(contacts.map(() => 200));
    const { primaries, recorded } = await primaryOf(ann, customer.id);
    expect(primaries).toHaveLength(1);
    expect(recorded).toBe(primaries[0]);
  });

  it("concurrent primary creates and edits still leave exactly one primary", { timeout: 60_000 }, async () => {
    const customer = await addCustomer(ann);
    const existing = await Promise.all([1, 2, 3, 4, 5].map((i) => addContact(ann, customer.id, { firstName: `E${i}` })));
    await Promise.all([
      ...[1, 2, 3, 4, 5].map((i) =>
        call(ann, "POST", "/api/contacts", { customerId: customer.id, firstName: `New${i}`, lastName: "X", isPrimary: true }),
      ),
      ...existing.map((c) => call(ann, "PUT", `/api/contacts/${c.id}`, { isPrimary: true })),
    ]);
    const { primaries, recorded } = await primaryOf(ann, customer.id);
    expect(primaries).toHaveLength(1);
    expect(recorded).toBe(primaries[0]);
  });

  it("deleting the primary contact leaves the customer without one", async () => {
    const customer = await addCustomer(ann);
    const contact = await addContact(ann, customer.id, { isPrimary: true });
    const res = await call(ann, "DELETE", `/api/contacts/${contact.id}`);
    expect(res.status).toBe(200);
    expect(await primaryOf(ann, customer.id)).toEqual({ primaries: [], recorded: undefined });
    expect((await call(ann, "DELETE", `/api/contacts/${contact.id}`)).status).toBe(404);
  });

  it("moving the primary contact to another customer clears the old customer's primary", async () => {
    const a = await addCustomer(ann);
    const b = await addCustomer(ann);
    const contact = await addContact(ann, a.id, { isPrimary: true });
    const res = await call(ann, "PUT", `/api/contacts/${contact.id}`, { customerId: b.id });
    expect(res.status, res.text).toBe(200);
    expect(res.body.contact).toMatchObject({ customerId: b.id, isPrimary: false });
    expect(await primaryOf(ann, a.id)).toEqual({ primaries: [], recorded: undefined });
    expect((await contactsOf(ann, b.id)).map((c) => c.id)).toEqual([contact.id]);
  });
});
