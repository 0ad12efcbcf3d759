/**
 * Everything a test needs from the local stack started by the global setup
 * (test/global-setup.ts): users and calls, fixture builders (a user, a project, a
 * document, a customer), the caught mail and a real browser.
 */
export * from "./testing/calls";
export * from "./testing/fixtures";
export * from "./testing/mail";
export * from "./testing/browser";
export * from "./testing/site";
export * from "./testing/model-gateway";
export * from "./testing/ops";
