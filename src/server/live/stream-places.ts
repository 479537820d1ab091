import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { AppError } from '../http/app-error';
import { createPlaces, type HeldPlace } from '../http/limits/places';

export interface StreamLimits {
  perMember: number;
  perAddress: number;
  /** How long a place outlives its instance's last renewal (a crashed instance's places come free after it). */
  leaseMs?: number;
}

/** Who opens a stream: the client's address (an IPv6 /64 already made one), and the member, if counted. */
export interface StreamHolder {
  address: string;
  memberId?: string;
}

/** The places one open stream holds. */
export interface StreamPlace {
  /** Gives the places back (at once, and once however often it is called). */
  release(): void;
  /** Called when a place was lost (its lease ran out and someone took it): the stream must end. */
  onLost(listener: () => void): void;
}

export interface StreamPlaces {
  /** The places a new stream needs, or 429 `resource-exhausted` when its member or its address has them all. */
  take(holder: StreamHolder): Promise<StreamPlace>;
  /** How many places this instance holds now. */
  heldCount(): number;
  /** Stops renewing and waits for the places given back (before the database closes). */
  close(): Promise<void>;
}

const DEFAULT_LEASE_MS = 30_000;
const KEY_PREFIX = 'live-streams';

const memberRefusal = (most: number) =>
  `This account has ${most} live connections open already, the most we keep for one account. Close a few of this site's tabs or windows; this one connects again by itself.`;
const addressRefusal = (most: number) =>
  `Your network has ${most} live connections open to this site already, the most we keep for one address. Close a few of this site's tabs or windows; this one connects again by itself.`;

interface Claim {
  key: string;
  most: number;
  refusal: string;
}

/**
 * Caps open event streams per member and per address, on every instance together (the places
 * live in the shared limiter's table, `http/limits/places.ts`). A client that keeps trying past
 * its cap on one instance is refused from memory, without a database round trip.
 */
export function createStreamPlaces(database: Database, log: FastifyBaseLogger, limits: StreamLimits): StreamPlaces {
  const leaseMs = limits.leaseMs ?? DEFAULT_LEASE_MS;
  const places = createPlaces(database, leaseMs);
  const heldHere = new Map<string, number>();
  const holding = new Map<HeldPlace, { key: string; lost: () => void }>();
  const releasing = new Set<Promise<void>>();

  const count = (key: string, by: number) => {
    const now = (heldHere.get(key) ?? 0) + by;
    if (now > 0) heldHere.set(key, now);
    else heldHere.delete(key);
  };

  const giveBack = (place: HeldPlace) => {
    const held = holding.get(place);
    if (!held) return;
    holding.delete(place);
    count(held.key, -1);
    const released = places
      .release(place)
      .catch((error: unknown) => log.warn({ err: error }, 'live: a stream place was not given back; its lease ends it'));
    releasing.add(released);
    void released.finally(() => releasing.delete(released));
  };

  const takeOne = async ({ key, most, refusal }: Claim): Promise<HeldPlace> => {
    if ((heldHere.get(key) ?? 0) >= most) throw new AppError('resource-exhausted', refusal);
    const place = await places.take(key, most);
    if (!place) throw new AppError('resource-exhausted', refusal);
    count(key, 1);
    holding.set(place, { key, lost: () => undefined });
    return place;
  };

  const renewAll = async () => {
    try {
      for (const place of await places.renew([...holding.keys()])) holding.get(place)?.lost();
    } catch (error) {
      log.warn({ err: error }, 'live: cannot renew stream places; trying again at the next renewal');
    }
  };
  const renewal = setInterval(() => void renewAll(), leaseMs / 3);
  renewal.unref();

  return {
    async take({ address, memberId }) {
      const claims: Claim[] = [
        { key: `${KEY_PREFIX}:address:${address}`, most: limits.perAddress, refusal: addressRefusal(limits.perAddress) },
      ];
      if (memberId !== undefined)
        claims.push({ key: `${KEY_PREFIX}:member:${memberId}`, most: limits.perMember, refusal: memberRefusal(limits.perMember) });
      const held: HeldPlace[] = [];
      try {
        for (const claim of claims) held.push(await takeOne(claim));
      } catch (error) {
        held.forEach(giveBack);
        throw error;
      }
      let released = false;
      const lost: (() => void)[] = [];
      for (const place of held) holding.get(place)!.lost = () => lost.forEach((listener) => listener());
      return {
        release() {
          if (released) return;
          released = true;
          held.forEach(giveBack);
        },
        onLost: (listener) => void lost.push(listener),
      };
    },
    heldCount: () => holding.size,
    async close() {
      clearInterval(renewal);
      await Promise.all([...releasing]);
    },
  };
}
