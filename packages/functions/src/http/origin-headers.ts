/**
 * The headers that say a request came through the site's CloudFront. Free of imports: the
 * infrastructure code sets them at the edge, the local gateway as CloudFront would.
 */

/** The header the site's CloudFront (and locally the gateway) adds with ORIGIN_SECRET. */
export const ORIGIN_HEADER = "x-quorum-origin";
/** CloudFront's own header: the viewer's address and port ("203.0.113.7:46532", "2001:db8::1:46532"). */
export const VIEWER_ADDRESS_HEADER = "cloudfront-viewer-address";
