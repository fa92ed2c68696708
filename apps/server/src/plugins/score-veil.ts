import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { $ZodType } from 'zod/v4/core';
import { scoredAlbums, veilScores } from '../lib/score-veil.ts';
import { jsonSchemaOf } from './api-schemas.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The answer may hold others' scores of albums, taken out for a spoiler-free member. Found from
     * the route's response contract (a `listeners` or `community` score); a route whose scores
     * have another shape (the feed's ratings) says so here.
     */
    scores?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in member, when they asked for spoiler-free scores; null otherwise. Read once per request. */
    spoilerFreeViewer(): Promise<string | null>;
  }
}

/** A contract whose answers carry a community score, by the names of the score fields. */
function contractHoldsScores(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return false;
  try {
    return /"(listeners|community)":/.test(JSON.stringify(jsonSchemaOf(schema as $ZodType)));
  } catch {
    // A contract JSON Schema cannot express is not a score's: scores are plain objects.
    return false;
  }
}

const viewers = new WeakMap<FastifyRequest, Promise<string | null>>();

/** The member's setting and the albums they may see the scores of (the ratings module's). */
export interface SpoilerFreeSettings {
  isOn(userId: string): Promise<boolean>;
  shownAlbums(userId: string, albumIds: readonly string[]): Promise<Set<string>>;
}

/**
 * Spoiler-free scores: for a member with the setting on, every answer that may hold others'
 * scores loses those of the albums they have neither rated nor chosen to see (lib/score-veil.ts).
 * Everyone else's answers are untouched and cost nothing more: the setting is read only on routes
 * with scores, and only for a signed-in request.
 */
export function registerScoreVeil(app: FastifyInstance, settings: SpoilerFreeSettings): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.scores !== undefined) return;
    const ok = (route.schema?.response as Record<string, unknown> | undefined)?.[200];
    if (contractHoldsScores(ok)) route.config = { ...route.config, scores: true };
  });

  app.decorateRequest('spoilerFreeViewer', function (this: FastifyRequest) {
    let pending = viewers.get(this);
    if (!pending) {
      pending = this.sessionUser().then(async (user) => (user && (await settings.isOn(user.id)) ? user.id : null));
      viewers.set(this, pending);
    }
    return pending;
  });

  app.addHook('preSerialization', async (request, reply, payload) => {
    if (!request.routeOptions.config.scores || reply.statusCode !== 200 || payload === null) return payload;
    const viewerId = await request.spoilerFreeViewer();
    if (!viewerId) return payload;
    const albums = scoredAlbums(payload, viewerId);
    if (!albums) return payload;
    const shown = await settings.shownAlbums(viewerId, [...albums]);
    return veilScores(payload, viewerId, shown);
  });
}
