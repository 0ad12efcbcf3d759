import { Health } from "@quorum/core/health/index";
import { reply, route } from "../http/route";

/** 200 once every dependency answers; 503 naming the ones that do not. */
export const get = route({ auth: false }, async () => {
  const report = await Health.check();
  return reply(report.ok ? 200 : 503, report);
});
