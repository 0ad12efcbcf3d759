import { Health } from "@quorum/core/health/index";
import { reply, route } from "../http/route";

/** 200 once every dependency answers, else 503; a signed-in caller also sees each dependency. */
export const get = route({ auth: "optional" }, async () => {
  const report = await Health.check();
  return reply(report.ok ? 200 : 503, report);
});
