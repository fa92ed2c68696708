import { FediverseLookupQuerySchema, PersonSchema } from '@liner/shared';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import type { RemoteLookup } from './lookup.ts';

export function federationRoutes(app: ApiApp, lookup: RemoteLookup): void {
  app.get(
    '/api/federation/people',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Find someone on another server by their fediverse address (@name@example.social)',
        querystring: FediverseLookupQuerySchema,
        response: { 200: PersonSchema },
      },
    },
    async (request) => lookup.person(request.query.handle),
  );
}
