import type { Actor } from '@fedify/vocab';
import { PICTURE_MAX_BYTES } from '@liner/shared';
import type { DatabaseHandle } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { setRemoteIcon } from './federation.repository.ts';
import type { FederationDeps } from './index.ts';
import { isPublicAddress } from './public-address.ts';

/** A picture is a nicety: a server slower than this to send one leaves the person without it for now. */
const PICTURE_FETCH_MS = 8000;
/** Avatars are served from a media host, sometimes through a CDN's redirect; more is not a picture. */
const MAX_REDIRECTS = 3;

/**
 * The pictures of people of other servers, copied here (as an upload is made: cropped, WebP, at most
 * 5 MB fetched), so that pages show them from our origin and no member's browser asks their server
 * for anything.
 */
export class RemotePictures {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly deps: Pick<FederationDeps, 'profiles' | 'config' | 'log'>,
  ) {}

  /** Copies the picture `actor` names when it is not the one copied last; removes it when it names none. */
  async refresh(userId: string, actor: Actor, copiedFrom: string | null): Promise<void> {
    const icon = await iconOf(actor);
    if ((icon ?? null) === copiedFrom) return;
    try {
      const bytes = icon ? await this.download(icon) : null;
      // Not fetched this time: asked for again with their next activity.
      if (bytes === undefined) return;
      await this.deps.profiles.setRemotePicture(userId, bytes);
      await setRemoteIcon(this.database.db, userId, icon ?? null);
    } catch (error) {
      // Not a picture (sharp refused it): left without one, and not asked for again until it changes.
      if (!(error instanceof AppError)) throw error;
      await setRemoteIcon(this.database.db, userId, icon ?? null);
    }
  }

  private async download(address: string): Promise<Buffer | undefined> {
    const allowPrivate = this.deps.config.federation.allowPrivateAddress;
    const signal = AbortSignal.timeout(PICTURE_FETCH_MS);
    let url = address;
    try {
      for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
        // Each hop is checked: a public address must not redirect us to one behind us.
        if (!(await isPublicAddress(url, allowPrivate))) return undefined;
        const response = await fetch(url, { redirect: 'manual', signal, headers: { accept: 'image/*' } });
        const location = response.headers.get('location');
        if (response.status >= 300 && response.status < 400 && location) {
          await response.body?.cancel();
          url = new URL(location, url).href;
          continue;
        }
        if (!response.ok || !response.body) {
          await response.body?.cancel();
          return undefined;
        }
        return await readAtMost(response.body, PICTURE_MAX_BYTES);
      }
      return undefined;
    } catch (error) {
      this.deps.log.debug({ err: error, url: address }, 'a remote picture could not be fetched');
      return undefined;
    }
  }
}

/** The address of the picture an actor names, if it names one over http(s). */
async function iconOf(actor: Actor): Promise<string | undefined> {
  const icon = await actor.getIcon().catch(() => null);
  const url = icon?.url;
  const href = url instanceof URL ? url.href : url?.href?.href;
  return href && /^https?:/.test(href) ? href : undefined;
}

/** The whole body, or undefined once it passes `limit` bytes (the rest is not read). */
async function readAtMost(body: ReadableStream<Uint8Array>, limit: number): Promise<Buffer | undefined> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > limit) {
      await body.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
