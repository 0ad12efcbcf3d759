import { resetConfig } from "@quorum/core/config";
import { startGateway, type Gateway } from "../gateway";

/**
 * A gateway in the test's own process with model settings of the test's choosing
 * (a fake provider's key and address), on the same stand-ins as the stack. `close`
 * stops it and puts the settings back as they were.
 */
export async function gatewayWithSettings(settings: Record<string, string>): Promise<Gateway> {
  const saved = Object.fromEntries(Object.keys(settings).map((name) => [name, process.env[name]]));
  Object.assign(process.env, settings);
  resetConfig();
  const gateway = await startGateway({ port: 0 });
  return {
    ...gateway,
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
