import { Settings } from "@quorum/core/settings/index";
import { route, UidPath } from "../http/route";

export const get = route({ path: UidPath }, async ({ path }) => Settings.get(path.uid));

export const update = route({ fresh: true, path: UidPath, body: Settings.Input }, async ({ path, body }) => Settings.save(path.uid, body));
