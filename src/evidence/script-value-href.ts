// A template's unset value rendered into an href (`href="undefined"`, "null", "[object Object]"): no page
// is meant. Relative, it resolves to a new missing address on every page that carries it.
const SCRIPT_VALUE_HREF = /^(?:undefined|null|NaN|\[object Object\]|false|true)$/;

export function isScriptValueHref(raw: string | undefined): boolean {
  return raw !== undefined && SCRIPT_VALUE_HREF.test(raw.trim());
}
