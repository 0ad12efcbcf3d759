import { startGateway, type Gateway } from "../gateway";
import { applySettings } from "../own-gateway";

/**
 * A gateway in the test's own process with model settings of the test's choosing
 * (a fake provider's key and address), on the same stand-ins as the stack. `close`
 * stops it and puts the settings back as they were.
 */
export async function gatewayWithSettings(settings: Record<string, string>): Promise<Gateway> {
  const restore = applySettings(settings);
  const gateway = await startGateway({ port: 0 });
  return {
    ...gateway,
    close: async () => {
      restore();
      await gateway.close();
    },
  };
}
