import {
  BlockedDomainParamsSchema,
  BlockedDomainsSchema,
  FediverseLookupQuerySchema,
  PersonSchema,
} from '@liner/shared';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import { userOf } from '../../plugins/session.ts';
import type { DomainBlocks } from './domain-blocks.ts';
import type { RemoteLookup } from './lookup.ts';

export function federationRoutes(app: ApiApp, lookup: RemoteLookup, blocks: DomainBlocks): void {
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

  const admin = { access: 'admin' as const };
  app.get(
    '/api/admin/federation/blocked-domains',
    {
      config: admin,
      schema: { summary: 'Servers blocked from this site', response: { 200: BlockedDomainsSchema } },
    },
    async () => blocks.list(),
  );
  app.put(
    '/api/admin/federation/blocked-domains/:domain',
    {
      config: admin,
      schema: {
        summary: 'Block a server: nothing it sends is taken, nothing is sent there, its follows end',
        params: BlockedDomainParamsSchema,
        response: { 200: BlockedDomainsSchema },
      },
    },
    async (request) => blocks.block(userOf(request), request.params.domain),
  );
  app.delete(
    '/api/admin/federation/blocked-domains/:domain',
    {
      config: admin,
      schema: {
        summary: 'Unblock a server',
        params: BlockedDomainParamsSchema,
        response: { 200: BlockedDomainsSchema },
      },
    },
    async (request) => blocks.unblock(userOf(request), request.params.domain),
  );
}
