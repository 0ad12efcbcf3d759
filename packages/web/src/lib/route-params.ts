import { z } from "zod";

/** Record ids in the address are positive whole numbers; anything else is a record that does not exist. */
export const RecordIdParam = z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
