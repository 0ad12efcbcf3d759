import { resetConfig } from "@quorum/core/config";
import { startGateway, type Gateway } from "./gateway";

/**
 * A gateway of a test file's own, in-process, whose handlers read `settings` on top of
 * the shared stack's (fake providers, a connected app): every call of the file, and
 * with `appUrl` every link back to the site, goes to it. `close` puts the environment back.
 */
export async function gatewayWith(settings: Record<string, string>, options: { appUrl?: boolean } = {}) {
  const shared = process.env.GATEWAY_URL;
  const restore = applySettings(settings, ["GATEWAY_URL", "APP_URL"]);
  const gateway: Gateway = await startGateway({ port: 0 });
  process.env.GATEWAY_URL = gateway.url;
  if (options.appUrl) process.env.APP_URL = gateway.url;
  resetConfig();
  return {
    gateway,
    /** The shared stack's gateway, as it was before. */
    shared,
    close: async () => {
      restore();
      await gateway.close();
    },
  };
}

/**
 * Puts `settings` in the environment and reloads the config; the function returned puts them (and
 * the variables named in `alsoSaved`, which the caller changes itself) back as they were.
 */
export function applySettings(settings: Record<string, string>, alsoSaved: string[] = []): () => void {
  const saved = Object.fromEntries([...Object.keys(settings), ...alsoSaved].map((name) => [name, process.env[name]]));
  Object.assign(process.env, settings);
  resetConfig();
  return () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetConfig();
  };
}
