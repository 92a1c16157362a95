// Request validation: Ajv through Fastify's own compiler, with one difference per part of the
// request. Query strings and path parameters are text, so "10" may stand for the integer 10
// (coercion). JSON bodies are typed: a number where the contract says string, or "true" where it says
// boolean, is a client mistake and gets 422 invalid_payload instead of being silently converted.
import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

type BuildValidator = ReturnType<typeof AjvCompiler>;

const validatorFactory: BuildValidator = ((externalSchemas: unknown, options: { customOptions?: Record<string, unknown> } & Record<string, unknown>) => {
  const build = AjvCompiler() as unknown as (schemas: unknown, opts: unknown) => (ctx: { httpPart?: string }) => unknown;
  const coercing = build(externalSchemas, options);
  const strict = build(externalSchemas, { ...options, customOptions: { ...options.customOptions, coerceTypes: false } });
  return (ctx: { httpPart?: string }) => (ctx.httpPart === 'body' ? strict(ctx) : coercing(ctx));
}) as unknown as BuildValidator;

export const schemaController: FastifyServerOptions['schemaController'] = {
  compilersFactory: { buildValidator: validatorFactory as never },
};
