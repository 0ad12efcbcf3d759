/**
 * How support requests' partition keys begin (ElectroDB: service, then the first
 * key attribute, requestId). infra lets the support route write these keys alone.
 */
export const SUPPORT_REQUEST_KEY_PREFIX = "$quorum#requestid_";
