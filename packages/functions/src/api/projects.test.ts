import { beforeAll, describe, expect, it } from "vitest";
import { call, signedInUser, type TestUser } from "@quorum/local/testing";

interface ProjectBody {
  id: number;
  name: string;
  status: string;
  customerId?: number;
  contactId?: number;
}

async function addProject(user: TestUser, body: Record<string, unknown> = {}) {
  const res = await call(user, "POST", "/api/projects", {
    name: "Warehouse",
    description: "",
    address: "",
    salesforceOppId: "",
    userId: user.uid,
    ...body,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.project as ProjectBody;
}

async function addCustomer(user: TestUser, companyName = "Acme") {
  return (await call(user, "POST", "/api/customers", { companyName, industry: "Steel", website: "acme.example" })).body.customer as {
    id: number;
  };
}

async function addContact(user: TestUser, customerId: number, firstName = "Jane") {
  return (await call(user, "POST", "/api/contacts", { customerId, firstName, lastName: "Doe", title: "Buyer", department: "Purchasing" }))
    .body.contact as { id: number };
}

describe("projects", () => {
  let ann: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    [ann, bob] = await Promise.all([signedInUser(), signedInUser()]);
  });

  it("a new project is active, owned by the caller and has a numeric id", async () => {
    const project = await addProject(ann, {
      name: "  Tower  ",
      description: "Ten floors",
      address: "1 Main St",
      salesforceOppId: "006ABC",
    });
    expect(project).toMatchObject({
      name: "Tower",
      description: "Ten floors",
      address: "1 Main St",
      salesforceOppId: "006ABC",
      status: "active",
      userId: ann.uid,
    });
    expect(Number.isInteger(project.id)).toBe(true);
    expect(typeof (project as unknown as { createdAt: string }).createdAt).toBe("string");
  });

  it("the list answers { projects }, newest first, only the caller's", async () => {
    const user = await signedInUser();
    const first = await addProject(user, { name: "First" });
    const second = await addProject(user, { name: "Second" });
    await addProject(bob, { name: "Bob's" });
    const res = await call(user, "GET", `/api/projects?userId=${user.uid}`);
    expect(res.status).toBe(200);
    expect(res.body.projects.map((p: ProjectBody) => p.id)).toEqual([second.id, first.id]);
  });

  it.each([
    [{ name: "" }, "Project name is required."],
    [{ name: "    " }, "Project name is required."],
    [{}, "Project name is required."],
    [{ name: "N".repeat(201) }, "Project name must be at most 200 characters"],
    [{ name: "Ok", status: "archived" }, "Status must be active, completed or on-hold"],
    [{ name: "Ok", customerId: "abc" }, "Customer ID must be a number"],
  ])("a bad project body %j is refused with 400 and writes nothing", async (body, message) => {
    const user = await signedInUser();
    const res = await call(user, "POST", "/api/projects", body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect((await call(user, "GET", "/api/projects")).body.projects).toEqual([]);
  });

  it("one project answers the project object with its customer and contact", async () => {
    const customer = await addCustomer(ann, "Linked Co");
    const contact = await addContact(ann, customer.id);
    const project = await addProject(ann);
    const put = await call(ann, "PUT", `/api/projects/${project.id}`, {
      customerId: customer.id,
      contactId: contact.id,
      status: "on-hold",
    });
    expect(put.status, put.text).toBe(200);
    const got = await call(ann, "GET", `/api/projects/${project.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      id: project.id,
      name: "Warehouse",
      status: "on-hold",
      customerId: customer.id,
      contactId: contact.id,
      customer: { id: customer.id, companyName: "Linked Co", industry: "Steel", website: "acme.example" },
      contact: { id: contact.id, firstName: "Jane", title: "Buyer", department: "Purchasing" },
    });
  });

  it("another user's project is not found and cannot be edited", async () => {
    const project = await addProject(ann, { name: "Secret" });
    expect((await call(bob, "GET", `/api/projects/${project.id}`)).status).toBe(404);
    expect((await call(bob, "PUT", `/api/projects/${project.id}`, { name: "Hacked" })).status).toBe(404);
    expect((await call(ann, "GET", `/api/projects/${project.id}`)).body.name).toBe("Secret");
  });

  it("a missing project answers 404 and a non-numeric id 400", async () => {
    expect((await call(ann, "GET", "/api/projects/99999999")).status).toBe(404);
    expect((await call(ann, "GET", "/api/projects/abc")).status).toBe(400);
  });

  it("a project cannot be linked to another user's customer or contact", async () => {
    const project = await addProject(ann);
    const bobs = await addCustomer(bob);
    const bobsContact = await addContact(bob, bobs.id);
    const mine = await addCustomer(ann);
    const viaCustomer = await call(ann, "PUT", `/api/projects/${project.id}`, { customerId: bobs.id });
    expect(viaCustomer.status).toBe(400);
    expect(viaCustomer.body.error).toBe("The selected customer does not exist");
    const viaContact = await call(ann, "PUT", `/api/projects/${project.id}`, { customerId: mine.id, contactId: bobsContact.id });
    expect(viaContact.status).toBe(400);
    expect(viaContact.body.error).toBe("The selected contact does not exist");
    expect((await call(ann, "POST", "/api/projects", { name: "X", customerId: bobs.id })).status).toBe(400);
    const stored = (await call(ann, "GET", `/api/projects/${project.id}`)).body;
    expect(stored.customerId).toBeUndefined();
  });

  it("a project's contact must belong to its customer", async () => {
    const project = await addProject(ann);
    const a = await addCustomer(ann);
    const b = await addCustomer(ann);
    const ofB = await addContact(ann, b.id);
    const res = await call(ann, "PUT", `/api/projects/${project.id}`, { customerId: a.id, contactId: ofB.id });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("The selected contact does not belong to the selected customer");
    const noCustomer = await call(ann, "PUT", `/api/projects/${project.id}`, { contactId: ofB.id });
    expect(noCustomer.status).toBe(400);
  });

  it("changing the customer clears the contact, and empty references unlink", async () => {
    const a = await addCustomer(ann);
    const b = await addCustomer(ann);
    const contact = await addContact(ann, a.id);
    const project = await addProject(ann, { customerId: a.id, contactId: contact.id });
    const moved = await call(ann, "PUT", `/api/projects/${project.id}`, { customerId: b.id });
    expect(moved.body.project).toMatchObject({ customerId: b.id });
    expect(moved.body.project.contactId).toBeUndefined();
    const cleared = await call(ann, "PUT", `/api/projects/${project.id}`, { customerId: "", contactId: null });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.project.customerId).toBeUndefined();
  });

  it("a project whose customer was deleted keeps its customer id and still loads and saves", async () => {
    const customer = await addCustomer(ann, "Gone Co");
    const contact = await addContact(ann, customer.id);
    const project = await addProject(ann, { customerId: customer.id, contactId: contact.id });
    expect((await call(ann, "DELETE", `/api/customers/${customer.id}`)).status).toBe(200);
    const got = await call(ann, "GET", `/api/projects/${project.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ customerId: customer.id, contactId: contact.id, customer: null, contact: null });
    const listed = (await call(ann, "GET", "/api/projects")).body.projects.find((p: ProjectBody) => p.id === project.id);
    expect(listed.customerId).toBe(customer.id);
    const renamed = await call(ann, "PUT", `/api/projects/${project.id}`, {
      name: "Still here",
      customerId: customer.id,
      contactId: contact.id,
    });
    expect(renamed.status, renamed.text).toBe(200);
  });
});
