import { z } from "zod";

/** The health check's answer: browser-safe (zod only), the shape monitors and the web read. */

/** One dependency: up or not, and why not (only signed-in callers see it). */
export const DependencyStatus = z.object({ ok: z.boolean(), detail: z.string().optional() });
export type DependencyStatus = z.infer<typeof DependencyStatus>;

/** GET /api/health: 200 when every dependency answers, else 503, with the same body. */
export const HealthReport = z.object({
  ok: z.boolean(),
  version: z.string(),
  /** Signed-in callers only: the stage and each dependency, whose errors can name the stage's resources. */
  stage: z.string().optional(),
  services: z.object({ dynamodb: DependencyStatus, s3: DependencyStatus, auth: DependencyStatus }).optional(),
});
export type HealthReport = z.infer<typeof HealthReport>;
