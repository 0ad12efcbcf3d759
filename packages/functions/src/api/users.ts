import { User } from "@quorum/core/user/index";
import { Storage } from "@quorum/core/storage/index";
import type { ProfileRecord } from "@quorum/core/user/schema";
import { route, UidPath } from "../http/route";

/** The logo is stored as an S3 key and answered as a short-lived URL. */
async function withLogoUrl(info: User.Info): Promise<ProfileRecord> {
  return { ...info, companyLogo: info.companyLogo ? await Storage.viewUrl(info.companyLogo) : "" };
}

export const get = route({ path: UidPath }, async ({ path }) => withLogoUrl(User.present(await User.get(path.uid))));

export const update = route({ fresh: true, path: UidPath, body: User.UpdateInput }, async ({ path, body }) =>
  withLogoUrl(User.present(await User.update(path.uid, body))),
);
