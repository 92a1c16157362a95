// The app-model document, schema v1: what a workspace tells siteqa about one site — its page
// templates (so an audit samples one page per template, not ten of the same), the areas never to
// touch, what counts as destructive and which destructive actions a chaos run may perform, and the
// login page with the NAMES of its test accounts (never values). Published at
// /api/v1/schemas/app-model-v1.json; every write is validated against it.
import { MAX_PATTERN, PATH_PATTERN } from './patterns.js';

export const APP_MODEL_SCHEMA_ID = '/api/v1/schemas/app-model-v1.json';
/** Built-in destructive actions (src/gremlin/safety.ts): each may be named in `destructive_actions.allow`. */
export const BUILT_IN_DESTRUCTIVE = ['delete', 'cancel', 'unsubscribe', 'logout'] as const;
export const CREDENTIAL_NAME_PATTERN = '^[A-Z][A-Z0-9_]{0,63}$';
export const MAX_TEMPLATE_SAMPLE = 5;

export interface PageTemplate {
  name: string;
  /** A path pattern (src/app-models/patterns.ts), e.g. `/products/:slug`. */
  pattern: string;
  /** Pages of this template an audit visits at most (default 1). */
  sample?: number;
}

export interface DestructiveAction {
  name: string;
  url: string;
  /** Methods that make the request destructive; default every method but GET, HEAD and OPTIONS. */
  methods?: string[];
}

export interface AppModelDoc {
  templates?: PageTemplate[];
  never_touch?: { urls?: string[]; selectors?: string[] };
  destructive_actions?: { actions?: DestructiveAction[]; allow?: string[] };
  login?: { url: string; accounts?: string[] };
  notes?: string;
}

const pattern = { type: 'string', minLength: 1, maxLength: MAX_PATTERN, pattern: PATH_PATTERN };
const name = { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]{0,63}$' };

export const APP_MODEL_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: APP_MODEL_SCHEMA_ID,
  title: 'app-model v1',
  description: 'What siteqa should know about one site: page templates, areas never to touch, destructive actions, the login page and the names of its test accounts. Docs: /docs/app-models',
  type: 'object',
  additionalProperties: false,
  properties: {
    templates: {
      type: 'array', maxItems: 100,
      items: {
        type: 'object', additionalProperties: false, required: ['name', 'pattern'],
        properties: { name, pattern, sample: { type: 'integer', minimum: 1, maximum: MAX_TEMPLATE_SAMPLE } },
      },
    },
    never_touch: {
      type: 'object', additionalProperties: false,
      properties: {
        urls: { type: 'array', maxItems: 100, items: pattern },
        selectors: { type: 'array', maxItems: 100, items: { type: 'string', minLength: 1, maxLength: 500, pattern: '^[^{}]+$' } },
      },
    },
    destructive_actions: {
      type: 'object', additionalProperties: false,
      properties: {
        actions: {
          type: 'array', maxItems: 100,
          items: {
            type: 'object', additionalProperties: false, required: ['name', 'url'],
            properties: { name, url: pattern, methods: { type: 'array', minItems: 1, uniqueItems: true, items: { enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] } } },
          },
        },
        allow: { type: 'array', maxItems: 100, uniqueItems: true, items: name },
      },
    },
    login: {
      type: 'object', additionalProperties: false, required: ['url'],
      properties: {
        url: { type: 'string', minLength: 1, maxLength: 2048, description: 'A path on the domain (/login) or an absolute http(s) URL on it.' },
        accounts: { type: 'array', maxItems: 20, uniqueItems: true, items: { type: 'string', pattern: CREDENTIAL_NAME_PATTERN }, description: 'Credential NAMES (as in flow credentials); values are never part of the model.' },
      },
    },
    notes: { type: 'string', maxLength: 4000 },
  },
} as const;
