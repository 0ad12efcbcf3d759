/** The auth feature's public face: what other features and routes import. */
export { AuthProvider } from "./AuthProvider";
export { useAuth, greetingName } from "./context";
export { AuthDialogsProvider, useAuthDialogs } from "./dialogs";
