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

/** The login page and how to use it (docs/app-models.md "Logging in"). */
export interface AppModelLogin {
  url: string;
  /** Credential names: account NAME signs in with credential NAME (user name or e-mail) and NAME_PASSWORD. */
  accounts?: string[];
  /** The user-name field's label, placeholder or test id (default: the text or e-mail field in the password's form). */
  username_field?: string;
  /** The password field's label, placeholder or test id (default: the visible password field). */
  password_field?: string;
  /** The submit control's name (default: the login form's submit button, else Enter in the password field). */
  submit?: string;
  /** What a signed-in page shows (each given one must hold; default: no password field is left visible). */
  success?: { url?: string; text?: string; selector?: string };
}

export interface AppModelDoc {
  templates?: PageTemplate[];
  never_touch?: { urls?: string[]; selectors?: string[] };
  destructive_actions?: { actions?: DestructiveAction[]; allow?: string[] };
  login?: AppModelLogin;
  notes?: string;
}

const pattern = { type: 'string', minLength: 1, maxLength: MAX_PATTERN, pattern: PATH_PATTERN };
const name = { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]{0,63}$' };
const field = { type: 'string', minLength: 1, maxLength: 200 };

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
        accounts: { type: 'array', maxItems: 20, uniqueItems: true, items: { type: 'string', pattern: CREDENTIAL_NAME_PATTERN }, description: 'Credential NAMES (as in flow credentials); values are never part of the model. Account NAME signs in with credentials NAME (user name) and NAME_PASSWORD; runs use the first account whose two credentials are stored.' },
        username_field: { ...field, description: "The user-name field's label, placeholder or test id. Default: the text or e-mail field in the password field's form." },
        password_field: { ...field, description: "The password field's label, placeholder or test id. Default: the visible password field." },
        submit: { ...field, description: "The submit control's name (a button's text). Default: the login form's submit button, else Enter in the password field." },
        success: {
          type: 'object', additionalProperties: false, minProperties: 1,
          description: 'What a signed-in page shows; every given one must hold. Default: no password field is left visible.',
          properties: {
            url: { ...pattern, description: 'A path pattern the page after submitting must match.' },
            text: { ...field, description: 'Text the page after submitting shows.' },
            selector: { type: 'string', minLength: 1, maxLength: 500, pattern: '^[^{}]+$', description: 'A CSS selector of an element visible after submitting.' },
          },
        },
      },
    },
    notes: { type: 'string', maxLength: 4000 },
  },
} as const;
