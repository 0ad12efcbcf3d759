import type { EntityItem } from "electrodb";
import { defineEntity, timestamps } from "../db/entity";

import { PROJECT_STATUSES } from "./schema";

const text = { type: "string", required: true, default: "" } as const;

export const ProjectEntity = defineEntity({
  model: { entity: "project", version: "1", service: "quorum" },
  attributes: {
    id: { type: "number", required: true, readOnly: true },
    userId: { type: "string", required: true, readOnly: true },
    name: { type: "string", required: true },
    description: text,
    address: text,
    salesforceOppId: text,
    status: { type: PROJECT_STATUSES, required: true, default: "active" },
    /** References, not foreign keys: a deleted customer leaves the id behind ("Customer ID: ..."). */
    customerId: { type: "number" },
    contactId: { type: "number" },
    ...timestamps,
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["id"] },
      sk: { field: "sk", composite: [] },
    },
    byUser: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["userId"] },
      sk: { field: "gsi1sk", composite: ["createdAt"] },
    },
  },
});

export type ProjectItem = EntityItem<typeof ProjectEntity>;
