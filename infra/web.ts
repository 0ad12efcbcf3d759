import { contentSecurityPolicy, SECURITY_HEADERS } from "../packages/web/src/lib/content-security-policy";
import { api } from "./api";
import { secrets } from "./secrets";
import { bucket } from "./storage";

/**
 * The site's Content-Security-Policy (the same one `vite preview` sends locally),
 * for every response the router serves. The browser reaches the bucket directly
 * (presigned uploads, logos) and Firebase's auth domain frames popup sign-in.
 */
const securityHeaders = new aws.cloudfront.ResponseHeadersPolicy("SecurityHeaders", {
  comment: "Quorum: CSP so rendered answers cannot load from or send to other origins",
  securityHeadersConfig: {
    contentSecurityPolicy: {
      override: true,
      contentSecurityPolicy: $resolve([
        secrets.FirebaseAuthDomain.value,
        bucket.nodes.bucket.bucketRegionalDomainName,
        bucket.nodes.bucket.bucketDomainName,
      ]).apply(([authDomain, regional, global]) =>
        contentSecurityPolicy({ storage: [`https://${regional}`, `https://${global}`], authFrame: `https://${authDomain}` }),
      ),
    },
    // The same as SECURITY_HEADERS sends locally, plus HSTS (the site is HTTPS only).
    contentTypeOptions: { override: true },
    referrerPolicy: { override: true, referrerPolicy: SECURITY_HEADERS["Referrer-Policy"] },
    frameOptions: { override: true, frameOption: SECURITY_HEADERS["X-Frame-Options"] },
    strictTransportSecurity: { override: true, accessControlMaxAgeSec: 31_536_000, includeSubdomains: true },
  },
});

/** One origin for the site and the API, so the browser's calls stay same-origin as locally. */
export const router = new sst.aws.Router("Router", {
  transform: {
    cdn: (args) => {
      args.defaultCacheBehavior = $output(args.defaultCacheBehavior).apply((behavior) => ({
        ...behavior,
        responseHeadersPolicyId: securityHeaders.id,
      }));
    },
  },
});
router.route("/api", api.url);

export const site = new sst.aws.StaticSite("Web", {
  path: "packages/web",
  build: { command: "npm run build", output: "dist" },
  router: { instance: router },
  environment: {
    VITE_FIREBASE_PROJECT_ID: secrets.FirebaseProjectId.value,
    VITE_FIREBASE_API_KEY: secrets.FirebaseApiKey.value,
    VITE_FIREBASE_AUTH_DOMAIN: secrets.FirebaseAuthDomain.value,
    VITE_STRIPE_PUBLISHABLE_KEY: secrets.StripePublishableKey.value,
  },
});
