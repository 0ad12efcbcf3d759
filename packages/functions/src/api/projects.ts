import { Project } from "@quorum/core/project/index";
import { NumericId, reply, route, ListQuery, listReply } from "../http/route";

/** `{ projects }`, newest first. The cards join the customer and contact lists (one Query each). */
export const list = route({ query: ListQuery }, async ({ query }) => listReply("projects", await Project.page(query)));

export const create = route({ body: Project.CreateInput }, async ({ body }) => reply(201, { project: await Project.create(body) }));

/** The project object, with the `customer` and `contact` its detail page shows (null when gone). */
export const get = route({ path: NumericId }, async ({ path }) => Project.getWithLinks(path.id));

export const update = route({ path: NumericId, body: Project.UpdateInput }, async ({ path, body }) => ({
  project: await Project.update({ ...body, id: path.id }),
}));
