import { CheckAccountInput, LoginInput, RegisterInput } from "@quorum/core/auth/schema";
import { User } from "@quorum/core/user/index";
import { PlanGrant } from "@quorum/core/user/plan-grant";
import { route } from "../http/route";

/** After every sign-in: the account kept fresh, and a granted plan past its end date recorded as ended. */
export const login = route({ fresh: true, body: LoginInput }, async ({ body }) => ({
  user: User.present(await PlanGrant.endIfDue(await User.login(body))),
}));

/** Open to anyone; a caller signed in as the account also gets its name and plan. */
export const checkAccount = route({ auth: "optional", body: CheckAccountInput }, async ({ body, sourceIp }) =>
  User.checkAccount(body, sourceIp),
);

export const register = route({ fresh: true, body: RegisterInput }, async ({ body }) => ({
  success: true as const,
  user: User.present(await User.register(body)),
}));
