const LOOPBACK_HOST = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\]|::1)$/;

/**
 * True when `address` ("host", "host:port" or a URL) names this machine. The
 * shortcuts of the local stack (unsigned emulator tokens, test payments) need
 * their stand-ins here; a deployed stage has none on loopback.
 */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  if (LOOPBACK_HOST.test(address)) return true;
  let host = address;
  if (address.includes("://")) {
    try {
      host = new URL(address).hostname;
    } catch {
      return false;
    }
  } else {
    host = address.replace(/:\d+$/, "");
  }
  return LOOPBACK_HOST.test(host);
}
