import type { EntityItem } from "electrodb";
import { defineEntity, timestamps } from "../db/entity";

const text = { type: "string", required: true, default: "" } as const;

export const ContactEntity = defineEntity({
  model: { entity: "contact", version: "1", service: "quorum" },
  attributes: {
    id: { type: "number", required: true, readOnly: true },
    userId: { type: "string", required: true, readOnly: true },
    customerId: { type: "number", required: true },
    firstName: { type: "string", required: true },
    lastName: { type: "string", required: true },
    email: text,
    phone: text,
    mobile: text,
    title: text,
    department: text,
    isPrimary: { type: "boolean", required: true, default: false },
    isActive: { type: "boolean", required: true, default: true },
    notes: text,
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
    /** A customer's contacts: its card, its cascade delete. */
    byCustomer: {
      index: "gsi2",
      pk: { field: "gsi2pk", composite: ["customerId"] },
      sk: { field: "gsi2sk", composite: ["createdAt"] },
    },
  },
});

export type ContactItem = EntityItem<typeof ContactEntity>;
