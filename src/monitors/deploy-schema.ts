// The deploy-hook payload, schema v1, as published at /api/v1/schemas/deploy-hook-v1.json.
export const DEPLOY_HOOK_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: '/api/v1/schemas/deploy-hook-v1.json',
  title: 'siteqa deploy-hook payload v1',
  description: 'Body of POST /api/v1/hooks/deploy/{monitor_id}. Every field is optional; an empty body is valid. Docs: /docs/monitors',
  type: 'object',
  additionalProperties: false,
  properties: {
    sha: { type: ['string', 'null'], maxLength: 2048, description: 'The deployed commit.' },
    ref: { type: ['string', 'null'], maxLength: 2048, description: 'The branch or tag.' },
    env: { type: ['string', 'null'], maxLength: 2048, description: 'The environment (production, staging…).' },
    url_override: { type: ['string', 'null'], maxLength: 2048, format: 'uri', description: "Plain monitors only: audit this URL instead, on the monitor's host or a subdomain." },
  },
} as const;
