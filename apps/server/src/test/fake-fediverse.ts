import { createServer, type IncomingMessage, type Server } from 'node:http';
import {
  createFederation,
  exportSpki,
  type Federation,
  generateCryptoKeyPair,
  MemoryKvStore,
  signRequest,
} from '@fedify/fedify';
import { Activity, type Actor, type Object as APObject, Endpoints, Image, Person } from '@fedify/vocab';
import { freePort } from './free-port.ts';
import type { Json } from './http.ts';

type KeyPair = Awaited<ReturnType<typeof generateCryptoKeyPair>>;
type PrivateKey = KeyPair['privateKey'];

/**
 * Another server of the fediverse, on this machine, for liner's federation tests: Fedify itself,
 * so what it sends is signed the way real servers sign, and what it receives is checked the way
 * they check. Its people are made on demand (`actor('alice')`); what reaches their inboxes is kept
 * in `received`.
 */
export interface FakeServer {
  origin: string;
  host: string;
  actorUri(name: string): URL;
  /** Every activity delivered to this server, oldest first. */
  received: Activity[];
  /** Delivers `activity` from `name` to the inbox of the actor at `to`, signed as `name`. */
  send(name: string, to: URL, activity: Activity): Promise<void>;
  /** Who liner's actor at `uri` is, looked up the way a server does (signed as `name`). */
  lookup(name: string, uri: URL | string): Promise<Actor>;
  /** Any object at `uri`, fetched with a signature as `name` (null: not found or refused). */
  lookupObject(name: string, uri: URL | string): Promise<APObject | null>;
  /**
   * Serves `document` as ActivityPub JSON at `path`, exactly as given (a real server's actor, say):
   * what is POSTed to paths Fedify does not know is kept in `rawReceived`.
   */
  serveDocument(path: string, document: unknown): void;
  rawReceived: { path: string; body: Json }[];
  /**
   * Serves `body` as it is at `path` (a picture, say), or a redirect to `redirectTo`; how many
   * times each path was asked for is kept in `fileRequests`.
   */
  serveFile(path: string, file: { body?: Uint8Array; type?: string; redirectTo?: string }): void;
  fileRequests: Map<string, number>;
  /**
   * While true, deliveries (POSTs) are read and never answered, as by a server that has hung;
   * `abandoned` counts those whose sender gave up and closed the connection.
   */
  hangDeliveries: boolean;
  abandoned: number;
  /** An RSA key whose public half a served document can carry (publicKeyPem), to sign with. */
  newKey(): Promise<{ publicKeyPem: string; privateKey: PrivateKey }>;
  /** POSTs `body` as it is to `inbox`, signed (draft-cavage, as Mastodon signs) with that key. */
  postSigned(inbox: URL | string, body: unknown, key: { keyId: string; privateKey: PrivateKey }): Promise<Response>;
  close(): Promise<void>;
}

export async function startFakeServer(
  options: {
    summary?: (name: string) => string;
    /** The path of the picture a person's actor names, if any. */
    icon?: (name: string) => string | undefined;
  } = {},
): Promise<FakeServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const keys = new Map<string, Promise<KeyPair[]>>();
  const received: Activity[] = [];
  const federation: Federation<void> = createFederation<void>({
    kv: new MemoryKvStore(),
    origin,
    allowPrivateAddress: true,
  });
  const keysOf = (name: string) => {
    let pairs = keys.get(name);
    if (!pairs) {
      pairs = Promise.all([generateCryptoKeyPair('RSASSA-PKCS1-v1_5'), generateCryptoKeyPair('Ed25519')]);
      keys.set(name, pairs);
    }
    return pairs;
  };
  federation
    .setActorDispatcher('/users/{identifier}', async (ctx, identifier) => {
      const pairs = await ctx.getActorKeyPairs(identifier);
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: identifier,
        name: identifier.toUpperCase(),
        summary: options.summary?.(identifier) ?? `<p>I am ${identifier} &amp; I like records.</p>`,
        url: new URL(`/@${identifier}`, origin),
        icon: iconOf(identifier),
        inbox: ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        followers: new URL(`/users/${identifier}/followers`, origin),
        publicKey: pairs[0]?.cryptographicKey,
        assertionMethods: pairs.map((pair) => pair.multikey),
      });
    })
    .setKeyPairsDispatcher((_ctx, identifier) => keysOf(identifier));
  federation.setInboxListeners('/users/{identifier}/inbox', '/inbox').on(Activity, async (_ctx, activity) => {
    received.push(activity);
  });

  function iconOf(name: string): Image | null {
    const path = options.icon?.(name);
    return path ? new Image({ url: new URL(path, origin), mediaType: 'image/png' }) : null;
  }
  const files = new Map<string, { body?: Uint8Array; type?: string; redirectTo?: string }>();
  const fileRequests = new Map<string, number>();
  const documents = new Map<string, string>();
  const rawReceived: { path: string; body: Json }[] = [];
  const server: Server = createServer(async (incoming, outgoing) => {
    const request = await toRequest(incoming, origin);
    if (fake.hangDeliveries && request.method === 'POST') {
      incoming.socket.once('close', () => fake.abandoned++);
      return;
    }
    const path = new URL(request.url).pathname;
    const file = files.get(path);
    if (file && request.method === 'GET') {
      fileRequests.set(path, (fileRequests.get(path) ?? 0) + 1);
      if (file.redirectTo) outgoing.writeHead(302, { location: file.redirectTo });
      else outgoing.writeHead(200, { 'content-type': file.type ?? 'application/octet-stream' });
      outgoing.end(file.body);
      return;
    }
    const document = documents.get(path);
    if (document !== undefined && request.method === 'GET') {
      outgoing.writeHead(200, { 'content-type': 'application/activity+json' });
      outgoing.end(document);
      return;
    }
    // Served documents live under a first segment of their own (/mastodon/…): POSTs there are theirs.
    const site = `/${path.split('/')[1] ?? ''}/`;
    if (request.method === 'POST' && [...documents.keys()].some((known) => known.startsWith(site))) {
      rawReceived.push({ path, body: await request.json().catch(() => null) });
      outgoing.writeHead(202);
      outgoing.end();
      return;
    }
    const response = await federation.fetch(request, { contextData: undefined });
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    outgoing.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const context = () => federation.createContext(new URL(origin));

  const fake: FakeServer = {
    origin,
    host: `127.0.0.1:${port}`,
    actorUri: (name) => context().getActorUri(name),
    received,
    async lookup(name, uri) {
      const actor = await fake.lookupObject(name, uri);
      if (!actor || !('inboxId' in actor)) throw new Error(`no actor at ${uri}`);
      return actor as Actor;
    },
    async lookupObject(name, uri) {
      const ctx = context();
      const loader = await ctx.getDocumentLoader({ identifier: name });
      return ctx.lookupObject(uri, { documentLoader: loader });
    },
    async send(name, to, activity) {
      const ctx = context();
      const recipient = await fake.lookup(name, to);
      await ctx.sendActivity({ identifier: name }, recipient, activity, { immediate: true });
    },
    serveDocument(path, document) {
      documents.set(path, JSON.stringify(document));
    },
    rawReceived,
    serveFile(path, file) {
      files.set(path, file);
    },
    fileRequests,
    hangDeliveries: false,
    abandoned: 0,
    async newKey() {
      const pair = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
      return { publicKeyPem: await exportSpki(pair.publicKey), privateKey: pair.privateKey };
    },
    async postSigned(inbox, body, key) {
      const request = new Request(inbox, {
        method: 'POST',
        headers: { 'content-type': 'application/activity+json', accept: 'application/activity+json' },
        body: JSON.stringify(body),
      });
      return fetch(
        await signRequest(request, key.privateKey, new URL(key.keyId), { spec: 'draft-cavage-http-signatures-12' }),
      );
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return fake;
}

async function toRequest(incoming: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value !== undefined) for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const hasBody = incoming.method !== 'GET' && incoming.method !== 'HEAD';
  return new Request(new URL(incoming.url ?? '/', origin), {
    method: incoming.method,
    headers,
    body: hasBody ? Buffer.concat(chunks) : undefined,
  });
}
