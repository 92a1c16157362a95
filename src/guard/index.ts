// The URL guard's public surface: every byte the service sends to a target passes through one of these.
export { classifyAddress, type AddressVerdict } from './address.js';
export { systemLookupAll, hostPortKey, isAllowlisted, type GuardOptions, type LookupAll } from './options.js';
export { checkUrl, type UrlVerdict } from './url.js';
export { guardedFetch, GuardError, type GuardedFetchInit, type GuardedResponse } from './fetch.js';
export { startGuardProxy, BROWSER_BACKGROUND_HOSTS, type GuardProxy, type GuardProxyOptions, type BlockedRequest } from './proxy.js';
export { pinnedLookup } from './pinned-lookup.js';
export { cachedLookupAll } from './lookup-cache.js';
