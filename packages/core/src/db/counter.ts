import { defineEntity } from "./entity";

/**
 * Numeric ids (projects, customers, contacts, documents use numbers in the spec's
 * routes) come from one atomic counter item per kind: an UpdateItem with ADD never
 * hands out the same number twice, even under concurrent creates.
 */
export const CounterEntity = defineEntity({
  model: { entity: "counter", version: "1", service: "quorum" },
  attributes: {
    name: { type: "string", required: true },
    value: { type: "number", required: true, default: 0 },
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["name"] },
      sk: { field: "sk", composite: [] },
    },
  },
});

export async function nextId(name: string): Promise<number> {
  const result = await CounterEntity.update({ name }).add({ value: 1 }).go({ response: "all_new" });
  return result.data.value as number;
}
