/**
 * The site's Content-Security-Policy, in one place for every server that sends
 * it: CloudFront in the cloud (infra/web.ts) and Vite locally (vite.config.ts).
 * Answers quote documents and model output, so whatever they contain must not
 * be able to load from or send to anywhere but the origins the app itself uses.
 * Server-side configuration: the app itself never imports it.
 */

/**
 * Headers sent beside the policy: no guessing of content types (an uploaded text
 * file is never run as a script), no full URLs leaked to other sites in the
 * Referer, and no framing by older browsers that ignore `frame-ancestors`.
 * CloudFront sets the same through its security-headers fields (infra/web.ts).
 */
export const SECURITY_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
} as const;

/** Stripe.js and its Payment Element (script, API calls, card frames). */
const STRIPE = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  connect: ["https://api.stripe.com"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
};

/** Firebase Auth's REST endpoints, Google's loader for popup sign-in, and Google account photos. */
const FIREBASE = {
  script: ["https://apis.google.com"],
  connect: ["https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com"],
  img: ["https://lh3.googleusercontent.com"],
};

export interface PolicySources {
  /** Where the browser uploads to and shows files from with presigned URLs (the bucket, or s3rver locally). */
  storage: string[];
  /** The Firebase Auth domain, whose iframe popup sign-in talks through (the Auth Emulator locally). */
  authFrame: string;
  /** The Auth Emulator, called instead of Google's endpoints (local only). */
  authEmulator?: string;
  /** Vite's hot-reload websocket (dev server only). */
  hmr?: string;
  /** `'sha256-...'` of inline scripts the dev server injects (React Fast Refresh's preamble). */
  devScriptHashes?: string[];
}

export function contentSecurityPolicy(sources: PolicySources): string {
  const local = sources.authEmulator ? [sources.authEmulator] : [];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // No inline script: the one pre-paint script is a file of its own (public/theme.js).
    "script-src": ["'self'", ...(sources.devScriptHashes ?? []), ...STRIPE.script, ...FIREBASE.script],
    // React, Radix and Stripe set inline styles; a style cannot send data anywhere img-src forbids.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...sources.storage, ...FIREBASE.img],
    "font-src": ["'self'", "data:"],
    // The API is same-origin (behind the same CloudFront router, or Vite's proxy).
    "connect-src": ["'self'", ...sources.storage, ...FIREBASE.connect, ...STRIPE.connect, ...local, ...(sources.hmr ? [sources.hmr] : [])],
    "frame-src": [...STRIPE.frame, sources.authFrame],
    // The push service worker (public/sw.js), from this origin only.
    "worker-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${[...new Set(values)].join(" ")}`)
    .join("; ");
}
