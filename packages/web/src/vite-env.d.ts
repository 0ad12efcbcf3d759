/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  /** When set, the app signs in against the Firebase Auth Emulator at this URL. */
  readonly VITE_AUTH_EMULATOR_URL?: string;
  /** Where the support form's e-mail fallback is addressed. */
  readonly VITE_SUPPORT_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
