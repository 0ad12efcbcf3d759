import { ORIGIN_HEADER } from "../packages/functions/src/http/origin-headers";
import { contentSecurityPolicy, SECURITY_HEADERS } from "../packages/web/src/lib/content-security-policy";
import { originSecretInjection, withAuthorizationInCacheKey } from "./cdn";
import { secrets } from "./secrets";
import { streamingRoutes } from "./streaming";
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

/** AWS managed policies: nothing cached, and every viewer header but Host (a function URL answers only to its own). */
const CACHING_DISABLED = "4135ea2d-6df8-44a3-9df3-4b5a84be39ad";
const ALL_VIEWER_EXCEPT_HOST = "b689b0a8-53d0-40ab-baf2-68738e2966ac";

/**
 * One origin for the site and the API, so the browser's calls stay same-origin as
 * locally. The streaming routes' exact paths go straight to their function URLs
 * (cache behaviors are matched before the router's default one), so a streamed
 * answer reaches the browser as it is written; the keep-alive comments the
 * function sends every 15 s stay within CloudFront's 60 s read timeout.
 */
export const router = new sst.aws.Router("Router", {
  // The origin secret on every request the router forwards (a viewer's own header of that name is
  // overwritten): the API refuses requests that reach it any other way.
  edge: {
    viewerRequest: {
      injection: secrets.OriginSecret.value.apply(originSecretInjection),
    },
  },
  transform: {
    cachePolicy: (args) => {
      args.parametersInCacheKeyAndForwardedToOrigin = $output(args.parametersInCacheKeyAndForwardedToOrigin).apply((parameters) =>
        withAuthorizationInCacheKey(parameters),
      );
    },
    cdn: (args) => {
      args.defaultCacheBehavior = $output(args.defaultCacheBehavior).apply((behavior) => ({
        ...behavior,
        responseHeadersPolicyId: securityHeaders.id,
      }));
      args.origins = $output(args.origins).apply((origins) => [
        ...origins,
        ...streamingRoutes.map((route) => ({
          originId: route.originId,
          domainName: route.domain,
          // these behaviours run no viewer function: CloudFront adds the secret as an origin header
          customHeaders: [{ name: ORIGIN_HEADER, value: secrets.OriginSecret.value }],
          customOriginConfig: {
            httpPort: 80,
            httpsPort: 443,
            originProtocolPolicy: "https-only",
            originSslProtocols: ["TLSv1.2"],
            originReadTimeout: 60,
            originKeepaliveTimeout: 60,
          },
        })),
      ]);
      args.orderedCacheBehaviors = $output(args.orderedCacheBehaviors).apply((behaviors) => [
        ...streamingRoutes.map((route) => ({
          pathPattern: route.pathPattern,
          targetOriginId: route.originId,
          viewerProtocolPolicy: "redirect-to-https",
          allowedMethods: ["GET", "HEAD", "OPTIONS", "PUT", "POST", "PATCH", "DELETE"],
          cachedMethods: ["GET", "HEAD"],
          compress: false,
          cachePolicyId: CACHING_DISABLED,
          originRequestPolicyId: ALL_VIEWER_EXCEPT_HOST,
          responseHeadersPolicyId: securityHeaders.id,
        })),
        ...(behaviors ?? []),
      ]);
    },
  },
});
