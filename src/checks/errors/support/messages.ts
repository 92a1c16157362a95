// Turning error messages into stable keys, so one bug seen on many pages is reported once.

/**
 * A message with its volatile parts masked: query strings, long numbers and hex ids differ per page
 * load but not per bug.
 */
export function messageKey(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/(https?:\/\/[^\s'"?#)]+)[?#][^\s'")]*/g, '$1')
    .replace(/\b[0-9a-f]{8,}\b/gi, '#')
    .replace(/\d{3,}/g, '#')
    .slice(0, 500);
}

/** The first http(s) URL in a stack trace (the frame that threw), or null. */
export function topFrameUrl(stack: string | null | undefined): string | null {
  const m = /(https?:\/\/[^\s)'"]+?)(?::\d+){1,2}\)?(?:\s|$)/.exec(stack ?? '');
  return m ? m[1]! : null;
}

/** URLs mentioned in a message, e.g. the endpoint named by a CORS error. */
export function urlsIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s'"<>)]+/g)].map((m) => m[0].replace(/[.,;]$/, ''));
}

/**
 * React's hydration errors: the HTML the server (or the static build) sent differs from what the same
 * components render in the browser, so React throws it away and renders the page again on the client.
 * React 18 and 19 throw them in production as minified errors, one after the other for one mismatch
 * (#418 or #425, then #423): https://react.dev/errors. One defect, however many of them a page throws.
 */
const REACT_HYDRATION = /Minified React error #(?:418|419|421|422|423|425)\b|Hydration failed because|does not match server-rendered HTML|error while hydrating|server rendered HTML didn't match the client/i;

/** Whether the message is one of React's hydration errors. */
export function isReactHydrationError(message: string): boolean {
  return REACT_HYDRATION.test(message);
}
