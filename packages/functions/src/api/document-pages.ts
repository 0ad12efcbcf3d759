import { z } from "zod";
import { Document } from "@quorum/core/document/index";
import { DocumentFindQuery } from "@quorum/core/document/schema";
import { NumericId, route } from "../http/route";

const PagePath = NumericId.extend({
  page: z.coerce.number({ message: "page must be a page number" }).int("page must be a page number").min(1, "page must be a page number"),
});

/** GET /api/documents/{id}/pages/{page}: that page's extracted lines with their boxes, for the viewer. */
export const get = route({ path: PagePath }, async ({ path }) => Document.pageText({ id: path.id, page: path.page }));

/** GET /api/documents/{id}/find?q=: the lines of the document's extracted text that hold the words, for the viewer's search. */
export const find = route({ path: NumericId, query: DocumentFindQuery }, async ({ path, query }) =>
  Document.find({ id: path.id, q: query.q }),
);
