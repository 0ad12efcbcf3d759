import type { EntityItem } from "electrodb";
import { defineEntity, timestamps } from "../db/entity";

import { CUSTOMER_DEFAULTS, CUSTOMER_STATUSES, TAX_EXEMPT } from "./schema";

const text = { type: "string", required: true, default: "" } as const;

export const CustomerEntity = defineEntity({
  model: { entity: "customer", version: "1", service: "quorum" },
  attributes: {
    id: { type: "number", required: true, readOnly: true },
    userId: { type: "string", required: true, readOnly: true },
    companyName: { type: "string", required: true },
    industry: text,
    website: text,
    billingAddress: text,
    billingCity: text,
    billingState: text,
    billingZip: text,
    billingCountry: { type: "string", required: true, default: CUSTOMER_DEFAULTS.billingCountry },
    shippingAddress: text,
    shippingCity: text,
    shippingState: text,
    shippingZip: text,
    shippingCountry: { type: "string", required: true, default: CUSTOMER_DEFAULTS.shippingCountry },
    taxId: text,
    taxExempt: { type: TAX_EXEMPT, required: true, default: CUSTOMER_DEFAULTS.taxExempt },
    paymentTerms: { type: "string", required: true, default: CUSTOMER_DEFAULTS.paymentTerms },
    creditLimit: { type: "string", required: true, default: CUSTOMER_DEFAULTS.creditLimit },
    status: { type: CUSTOMER_STATUSES, required: true, default: CUSTOMER_DEFAULTS.status },
    notes: text,
    /** Kept by the same transactions that add, move and delete contacts: the card's count without a query. */
    contactCount: { type: "number", required: true, default: 0 },
    /**
     * Bumped by every transaction that changes this customer's contacts. Each such
     * transaction is conditioned on the value it read, so concurrent changes (two
     * "Make Primary" calls, a contact added while the customer is deleted) serialize.
     */
    contactRev: { type: "number", required: true, default: 0 },
    /** The one primary contact; a contact's `isPrimary` mirrors it in the same transaction. */
    primaryContactId: { type: "number" },
    /** Set only while a customer with more contacts than one transaction holds is being deleted. */
    deletedAt: { type: "string" },
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

export type CustomerItem = EntityItem<typeof CustomerEntity>;
