import { initializeApp } from "firebase/app";
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
} from "firebase/auth";

const env = import.meta.env;

/**
 * Locally (and in tests) the Firebase Auth Emulator is the identity provider.
 * In dev it is the default; a deployed build sets VITE_AUTH_EMULATOR_URL="" and real keys.
 */
const emulatorUrl = env.VITE_AUTH_EMULATOR_URL ?? (env.DEV ? "http://127.0.0.1:9099" : "");

const app = initializeApp({
  apiKey: env.VITE_FIREBASE_API_KEY || "demo-key",
  authDomain: env.VITE_FIREBASE_AUTH_DOMAIN || undefined,
  projectId: env.VITE_FIREBASE_PROJECT_ID || "demo-quorum",
});

/**
 * getAuth() would also bundle the popup/redirect machinery into the first download;
 * initializeAuth keeps the same persistence and the sign-in actions load it on demand.
 */
export const auth = initializeAuth(app, {
  persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
});

if (emulatorUrl) connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true });
