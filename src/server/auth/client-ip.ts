/**
 * Better Auth keys its rate limits on this header. Our mount always overwrites it with
 * Fastify's `request.ip` (which honours TRUST_PROXY), so a client cannot choose its own key.
 */
export const CLIENT_IP_HEADER = 'x-gamesource-client-ip';
