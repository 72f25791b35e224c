// Checks the service token every harness call carries: `Authorization: Bearer <service secret>`, compared in constant time.
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Both sides are hashed first, so the comparison takes the same time whatever the presented token's length. */
export function createServiceTokenCheck(secret: string): (authorization: string | undefined) => boolean {
  const expected = digest(secret);
  return (authorization) => {
    const match = authorization === undefined ? null : /^Bearer\s+(\S+)$/i.exec(authorization.trim());
    return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), expected);
  };
}
