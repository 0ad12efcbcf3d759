import { resetConfig } from "@quorum/core/config";
import { startGateway, type Gateway } from "./gateway";

/**
 * A gateway of a test file's own, in-process, whose handlers read `settings` on top of
 * the shared stack's (fake providers, a connected app): every call of the file, and
 * with `appUrl` every link back to the site, goes to it. `close` puts the environment back.
 */
export async function gatewayWith(settings: Record<string, string>, options: { appUrl?: boolean } = {}) {
  const names = [...Object.keys(settings), "GATEWAY_URL", "APP_URL"];
  const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
  Object.assign(process.env, settings);
  resetConfig();
  const gateway: Gateway = await startGateway({ port: 0 });
  process.env.GATEWAY_URL = gateway.url;
  if (options.appUrl) process.env.APP_URL = gateway.url;
  resetConfig();
  return {
    gateway,
    /** The shared stack's gateway, as it was before. */
    shared: saved.GATEWAY_URL,
    close: async () => {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      resetConfig();
      await gateway.close();
    },
  };
}
