import { beforeAll, describe, it } from "vitest";
import { signedInUser, type TestUser } from "@quorum/local/testing";
import { answers } from "./contract-answers";

describe("the route table's output schemas describe what the projects, customers, contacts and documents routes answer", () => {
  let ann: TestUser;
  beforeAll(async () => {
    ann = await signedInUser();
  });

  it("customers, contacts, projects and documents", async () => {
    const { customer } = await answers(ann, "POST /api/customers", "/api/customers", { companyName: "Acme", website: "acme.example" });
    await answers(ann, "GET /api/customers", "/api/customers");
    await answers(ann, "GET /api/customers/{id}", `/api/customers/${customer.id}`);
    await answers(ann, "PUT /api/customers/{id}", `/api/customers/${customer.id}`, { status: "inactive" });

    const { contact } = await answers(ann, "POST /api/contacts", "/api/contacts", {
      customerId: customer.id,
      firstName: "Jane",
      lastName: "Doe",
    });
    await answers(ann, "POST /api/customers/{id}/contacts", `/api/customers/${customer.id}/contacts`, {
      firstName: "Joe",
      lastName: "Roe",
    });
    await answers(ann, "GET /api/contacts", "/api/contacts");
    await answers(ann, "GET /api/customers/{id}/contacts", `/api/customers/${customer.id}/contacts`);
    await answers(ann, "PUT /api/contacts/{id}", `/api/contacts/${contact.id}`, { title: "Buyer" });
    await answers(ann, "PUT /api/contacts/{id}/primary", `/api/contacts/${contact.id}/primary`, {});

    const { project } = await answers(ann, "POST /api/projects", "/api/projects", { name: "Warehouse", customerId: customer.id });
    await answers(ann, "GET /api/projects", "/api/projects");
    await answers(ann, "GET /api/projects/{id}", `/api/projects/${project.id}`);
    await answers(ann, "PUT /api/projects/{id}", `/api/projects/${project.id}`, { contactId: contact.id, customerId: customer.id });

    const { document } = await answers(ann, "POST /api/documents/upload-url", "/api/documents/upload-url", {
      projectId: project.id,
      documentCategory: "contracts",
      fileName: "terms.txt",
      contentType: "text/plain",
      size: 12,
    });
    await answers(ann, "GET /api/projects/{id}/documents", `/api/projects/${project.id}/documents`);
    await answers(ann, "GET /api/documents/{id}", `/api/documents/${document.id}`);
    await answers(ann, "PUT /api/documents/{id}/move", `/api/documents/${document.id}/move`, { documentCategory: "specifications" });
    await answers(ann, "DELETE /api/documents/{id}", `/api/documents/${document.id}`);

    await answers(ann, "DELETE /api/contacts/{id}", `/api/contacts/${contact.id}`);
    await answers(ann, "DELETE /api/customers/{id}", `/api/customers/${customer.id}`);
  });
});
