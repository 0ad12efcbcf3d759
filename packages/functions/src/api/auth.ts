import { User } from "@quorum/core/user/index";
import { route } from "../http/route";

export const login = route({ body: User.LoginInput }, async ({ body }) => ({ user: User.present(await User.login(body)) }));

export const checkAccount = route({ auth: false, body: User.checkAccount.schema }, async ({ body }) => User.checkAccount(body));

export const register = route({ body: User.RegisterInput }, async ({ body }) => ({
  success: true,
  user: User.present(await User.register(body)),
}));
