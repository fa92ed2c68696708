import {
  BlockDomainBodySchema,
  BlockedDomainParamsSchema,
  BlockedDomainsSchema,
  FediverseLookupQuerySchema,
  PersonSchema,
  RemotePersonParamsSchema,
  SilencedPeopleSchema,
} from '@liner/shared';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import { userOf } from '../../plugins/session.ts';
import type { DomainBlocks } from './domain-blocks.ts';
import type { RemoteLookup } from './lookup.ts';
import type { SilencedPeopleList } from './silenced-people.ts';

export function federationRoutes(
  app: ApiApp,
  lookup: RemoteLookup,
  blocks: DomainBlocks,
  silenced: SilencedPeopleList,
): void {
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
      schema: { summary: 'Servers blocked or silenced here', response: { 200: BlockedDomainsSchema } },
    },
    async () => blocks.list(),
  );
  app.put(
    '/api/admin/federation/blocked-domains/:domain',
    {
      config: admin,
      schema: {
        summary:
          'Block a server (nothing it sends is taken, nothing is sent there, its follows end) or silence it ' +
          '(its follows become requests, its reviews reach its followers only)',
        params: BlockedDomainParamsSchema,
        body: BlockDomainBodySchema,
        response: { 200: BlockedDomainsSchema },
      },
    },
    async (request) => blocks.block(userOf(request), request.params.domain, request.body?.severity),
  );
  app.delete(
    '/api/admin/federation/blocked-domains/:domain',
    {
      config: admin,
      schema: {
        summary: 'Lift a server’s block or silence',
        params: BlockedDomainParamsSchema,
        response: { 200: BlockedDomainsSchema },
      },
    },
    async (request) => blocks.unblock(userOf(request), request.params.domain),
  );

  app.get(
    '/api/admin/federation/silenced-people',
    {
      config: admin,
      schema: { summary: 'People of other servers silenced here', response: { 200: SilencedPeopleSchema } },
    },
    async () => silenced.list(),
  );
  app.put(
    '/api/admin/federation/silenced-people/:handle',
    {
      config: admin,
      schema: {
        summary:
          'Silence a person of another server: their follows become requests, their reviews reach their followers only',
        params: RemotePersonParamsSchema,
        response: { 200: SilencedPeopleSchema },
      },
    },
    async (request) => silenced.silence(userOf(request), request.params.handle),
  );
  app.delete(
    '/api/admin/federation/silenced-people/:handle',
    {
      config: admin,
      schema: {
        summary: 'Lift a person’s silence',
        params: RemotePersonParamsSchema,
        response: { 200: SilencedPeopleSchema },
      },
    },
    async (request) => silenced.lift(userOf(request), request.params.handle),
  );
}
