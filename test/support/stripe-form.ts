// The wire formats of the payment provider, written from its documentation rather than from its
// library, so the stand-in checks what the real client sends: form-encoded bodies with bracketed
// keys (`line_items[0][price]=…`), and webhook signatures `t=<unix>,v1=<hex HMAC-SHA256 of "t.body">`.
import { createHmac } from 'node:crypto';

type Tree = { [key: string]: Tree | string };

/** `a[b][0][c]=x&a[b][1][c]=y` → `{a: {b: [{c: 'x'}, {c: 'y'}]}}`; numeric-keyed objects become arrays. */
export function decodeForm(text: string): Record<string, unknown> {
  const root: Tree = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const head = /^[^[]+/.exec(key)?.[0];
    if (!head) continue;
    const path = [head, ...[...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!)];
    let node = root;
    path.forEach((segment, i) => {
      if (i === path.length - 1) node[segment] = value;
      else node = (node[segment] ??= {}) as Tree;
    });
  }
  return arrays(root) as Record<string, unknown>;
}

function arrays(node: Tree | string): unknown {
  if (typeof node === 'string') return node;
  const keys = Object.keys(node);
  const converted = Object.fromEntries(keys.map((k) => [k, arrays(node[k]!)]));
  if (keys.length > 0 && keys.every((k, i) => k === String(i))) return keys.map((k) => converted[k]);
  return converted;
}

/** The provider's signature header for `payload` as sent at unix second `timestamp`. */
export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

let eventSeq = 0;

/** A webhook event as the provider sends it (a snapshot of `object`). */
export function providerEvent(type: string, object: unknown, created = Math.floor(Date.now() / 1000)): Record<string, unknown> {
  eventSeq += 1;
  return {
    id: `evt_standin_${process.pid}_${eventSeq}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}
