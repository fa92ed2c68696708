/**
 * What Mastodon, NeoDB (on Takahē) and BookWyrm send, in the shapes their serializers write them
 * (Mastodon's app/serializers/activitypub/*, Takahē's activities/models/post.py and users/models/
 * identity.py, BookWyrm's activitypub/*.py dataclasses), with our test server's addresses and a
 * key the test holds. Protocol tests send them to liner as those servers would.
 */

const PUBLIC = 'https://www.w3.org/ns/activitystreams#Public';

export interface FixtureActor {
  id: string;
  keyId: string;
  inbox: string;
  sharedInbox: string;
  handle: string;
  document: Record<string, unknown>;
}

export function mastodonActor(origin: string, username: string, publicKeyPem: string): FixtureActor {
  const id = `${origin}/users/${username}`;
  return {
    id,
    keyId: `${id}#main-key`,
    inbox: `${id}/inbox`,
    sharedInbox: `${origin}/inbox`,
    handle: username,
    document: {
      '@context': [
        'https://www.w3.org/ns/activitystreams',
        'https://w3id.org/security/v1',
        {
          manuallyApprovesFollowers: 'as:manuallyApprovesFollowers',
          toot: 'http://joinmastodon.org/ns#',
          featured: { '@id': 'toot:featured', '@type': '@id' },
          featuredTags: { '@id': 'toot:featuredTags', '@type': '@id' },
          alsoKnownAs: { '@id': 'as:alsoKnownAs', '@type': '@id' },
          movedTo: { '@id': 'as:movedTo', '@type': '@id' },
          schema: 'http://schema.org#',
          PropertyValue: 'schema:PropertyValue',
          value: 'schema:value',
          discoverable: 'toot:discoverable',
          suspended: 'toot:suspended',
          memorial: 'toot:memorial',
          indexable: 'toot:indexable',
          focalPoint: { '@container': '@list', '@id': 'toot:focalPoint' },
        },
      ],
      id,
      type: 'Person',
      following: `${id}/following`,
      followers: `${id}/followers`,
      inbox: `${id}/inbox`,
      outbox: `${id}/outbox`,
      featured: `${id}/collections/featured`,
      featuredTags: `${id}/collections/tags`,
      preferredUsername: username,
      name: 'Alice 🎧',
      summary:
        '<p>Jazz, ambient &amp; <a href="https://mastodon.example/tags/vinyl" class="mention hashtag" rel="tag">#<span>vinyl</span></a></p>',
      url: `${origin}/@${username}`,
      manuallyApprovesFollowers: false,
      discoverable: true,
      indexable: true,
      published: '2022-11-05T00:00:00Z',
      memorial: false,
      devices: `${id}/collections/devices`,
      publicKey: { id: `${id}#main-key`, owner: id, publicKeyPem },
      tag: [],
      attachment: [{ type: 'PropertyValue', name: 'Listening', value: '<p>always</p>' }],
      endpoints: { sharedInbox: `${origin}/inbox` },
      icon: { type: 'Image', mediaType: 'image/png', url: `${origin}/system/accounts/avatars/1.png` },
    },
  };
}

export function takaheActor(origin: string, username: string, publicKeyPem: string): FixtureActor {
  const host = new URL(origin).host;
  const id = `${origin}/@${username}@${host}/`;
  return {
    id,
    keyId: `${id}#main-key`,
    inbox: `${id}inbox/`,
    sharedInbox: `${origin}/inbox/`,
    handle: username,
    document: {
      '@context': [
        'https://www.w3.org/ns/activitystreams',
        'https://w3id.org/security/v1',
        {
          blurhash: 'toot:blurhash',
          Emoji: 'toot:Emoji',
          focalPoint: { '@container': '@list', '@id': 'toot:focalPoint' },
          Hashtag: 'as:Hashtag',
          manuallyApprovesFollowers: 'as:manuallyApprovesFollowers',
          sensitive: 'as:sensitive',
          toot: 'http://joinmastodon.org/ns#',
          votersCount: 'toot:votersCount',
          featured: { '@id': 'toot:featured', '@type': '@id' },
          discoverable: 'toot:discoverable',
        },
      ],
      id,
      type: 'Person',
      inbox: `${id}inbox/`,
      outbox: `${id}outbox/`,
      featured: `${id}collections/featured/`,
      followers: `${id}followers/`,
      following: `${id}following/`,
      endpoints: { sharedInbox: `${origin}/inbox/` },
      preferredUsername: username,
      publicKey: { id: `${id}#main-key`, owner: id, publicKeyPem },
      published: '2023-03-01T10:00:00.000Z',
      url: `${origin}/users/${username}/`,
      name: 'NeoDB fan',
      summary: '<p>Books, films &amp; albums, rated.</p>',
      manuallyApprovesFollowers: false,
      discoverable: true,
    },
  };
}

export function bookwyrmActor(origin: string, username: string, publicKeyPem: string): FixtureActor {
  const id = `${origin}/user/${username}`;
  return {
    id,
    keyId: `${id}/#main-key`,
    inbox: `${id}/inbox`,
    sharedInbox: `${origin}/inbox`,
    handle: username,
    document: {
      '@context': [
        'https://www.w3.org/ns/activitystreams',
        'https://w3id.org/security/v1',
        {
          manuallyApprovesFollowers: 'as:manuallyApprovesFollowers',
          schema: 'http://schema.org#',
          PropertyValue: 'schema:PropertyValue',
          value: 'schema:value',
        },
      ],
      id,
      type: 'Person',
      followers: `${id}/followers`,
      following: `${id}/following`,
      inbox: `${id}/inbox`,
      outbox: `${id}/outbox`,
      preferredUsername: username,
      name: 'Bookie',
      summary: '<p>Reads while listening.</p>',
      publicKey: { id: `${id}/#main-key`, owner: id, publicKeyPem },
      endpoints: { sharedInbox: `${origin}/inbox` },
      bookwyrmUser: true,
      manuallyApprovesFollowers: false,
      discoverable: true,
      hideFollows: false,
      alsoKnownAs: [],
      icon: { type: 'Image', url: `${origin}/images/avatars/bookie.png`, name: 'bookie avatar' },
    },
  };
}

const AS = 'https://www.w3.org/ns/activitystreams';

/** Mastodon's Follow: a bare UUID address on the server. */
export const follows = {
  mastodon: (actor: FixtureActor, target: string) => ({
    '@context': AS,
    id: `${new URL(actor.id).origin}/4f6a0d0e-3f5b-4d7e-9f1c-${Date.now().toString(16).padStart(12, '0')}`,
    type: 'Follow',
    actor: actor.id,
    object: target,
  }),
  takahe: (actor: FixtureActor, target: string) => ({
    '@context': AS,
    id: `${actor.id}follow/${Date.now()}/`,
    type: 'Follow',
    actor: actor.id,
    object: target,
  }),
  bookwyrm: (actor: FixtureActor, target: string) => ({
    '@context': AS,
    id: `${actor.id}#follows/${Date.now()}`,
    type: 'Follow',
    actor: actor.id,
    object: target,
  }),
};

export const likes = {
  mastodon: (actor: FixtureActor, note: string) => ({
    '@context': AS,
    id: `${actor.id}#likes/${Date.now()}`,
    type: 'Like',
    actor: actor.id,
    object: note,
  }),
  takahe: (actor: FixtureActor, note: string) => ({
    '@context': AS,
    id: `${actor.id}like/${Date.now()}/`,
    type: 'Like',
    actor: actor.id,
    object: note,
  }),
  bookwyrm: (actor: FixtureActor, note: string) => ({
    '@context': AS,
    id: `${actor.id}#favorites/${Date.now()}`,
    type: 'Like',
    actor: actor.id,
    object: note,
  }),
};

export const announces = {
  mastodon: (actor: FixtureActor, note: string, author: string) => ({
    '@context': AS,
    id: `${actor.id}/statuses/${Date.now()}/activity`,
    type: 'Announce',
    actor: actor.id,
    published: new Date().toISOString(),
    to: [PUBLIC],
    cc: [author, `${actor.id}/followers`],
    object: note,
  }),
  takahe: (actor: FixtureActor, note: string, author: string) => ({
    '@context': AS,
    id: `${actor.id}boost/${Date.now()}/`,
    type: 'Announce',
    actor: actor.id,
    object: note,
    to: PUBLIC,
    cc: [author, `${actor.id}followers/`],
  }),
  bookwyrm: (actor: FixtureActor, note: string) => ({
    '@context': AS,
    id: `${actor.id}/boost/${Date.now()}`,
    type: 'Announce',
    actor: actor.id,
    published: new Date().toISOString(),
    to: [PUBLIC],
    cc: [`${actor.id}/followers`],
    object: note,
  }),
};

/** Mastodon's reply: a Create of a Note with its mention of the author and Mastodon's own context. */
export function mastodonReply(actor: FixtureActor, note: string, author: { id: string; handle: string }, text: string) {
  const status = `${actor.id}/statuses/${Date.now()}`;
  const audience = { to: [PUBLIC], cc: [`${actor.id}/followers`, author.id] };
  return {
    '@context': [
      AS,
      {
        ostatus: 'http://ostatus.org#',
        atomUri: 'ostatus:atomUri',
        inReplyToAtomUri: 'ostatus:inReplyToAtomUri',
        conversation: 'ostatus:conversation',
        sensitive: 'as:sensitive',
        toot: 'http://joinmastodon.org/ns#',
        votersCount: 'toot:votersCount',
      },
    ],
    id: `${status}/activity`,
    type: 'Create',
    actor: actor.id,
    published: new Date().toISOString(),
    ...audience,
    object: {
      id: status,
      type: 'Note',
      summary: null,
      inReplyTo: note,
      published: new Date().toISOString(),
      url: status.replace('/users/', '/@').replace('/statuses/', '/'),
      attributedTo: actor.id,
      ...audience,
      sensitive: false,
      atomUri: status,
      inReplyToAtomUri: note,
      conversation: `tag:${new URL(actor.id).host},2026-11-28:objectId=1:objectType=Conversation`,
      content: `<p><span class="h-card" translate="no"><a href="${author.id}" class="u-url mention">@<span>${author.handle}</span></a></span> ${text}</p>`,
      contentMap: { en: `<p>${text}</p>` },
      attachment: [],
      tag: [{ type: 'Mention', href: author.id, name: `@${author.handle}` }],
      replies: {
        id: `${status}/replies`,
        type: 'Collection',
        first: {
          type: 'CollectionPage',
          next: `${status}/replies?only_other_accounts=true&page=true`,
          partOf: `${status}/replies`,
          items: [],
        },
      },
    },
  };
}
